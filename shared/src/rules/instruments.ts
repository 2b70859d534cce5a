export type Exchange = 'SSE' | 'SZSE' | 'BSE';
export type Board = 'main' | 'chinext' | 'star' | 'bse';
export type InstrumentKind = 'stock' | 'fund';

export interface Instrument {
  /** The 6-digit code. */
  symbol: string;
  exchange: Exchange;
  board: Board;
  kind: InstrumentKind;
  /** Under risk warning (ST / *ST). */
  isST: boolean;
  /** Listing date, YYYY-MM-DD. */
  listedOn?: string;
  /** Listed through a registration-based IPO: no price band in its first trading days. */
  registrationIpo?: boolean;
}

export interface SymbolClass {
  exchange: Exchange;
  board: Board;
  kind: InstrumentKind;
}

/**
 * Code prefixes, first match wins. Funds trade under main-board lot and band rules.
 * 4xx/8xx also cover NEEQ segments that are not BSE; see docs/domain-rules.md.
 */
const SYMBOL_PREFIXES: readonly (readonly [prefix: string, SymbolClass])[] = [
  ...['600', '601', '603', '605'].map((p) => [p, { exchange: 'SSE', board: 'main', kind: 'stock' }] as const),
  ...['688', '689'].map((p) => [p, { exchange: 'SSE', board: 'star', kind: 'stock' }] as const),
  ...['000', '001', '002', '003'].map(
    (p) => [p, { exchange: 'SZSE', board: 'main', kind: 'stock' }] as const,
  ),
  ...['300', '301'].map((p) => [p, { exchange: 'SZSE', board: 'chinext', kind: 'stock' }] as const),
  ...['4', '8', '920'].map((p) => [p, { exchange: 'BSE', board: 'bse', kind: 'stock' }] as const),
  ['51', { exchange: 'SSE', board: 'main', kind: 'fund' }],
  ['15', { exchange: 'SZSE', board: 'main', kind: 'fund' }],
];

/** Exchange, board and kind of a 6-digit A-share code; undefined for anything we do not trade. */
export function classifySymbol(code: string): SymbolClass | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const found = SYMBOL_PREFIXES.find(([prefix]) => code.startsWith(prefix));
  return found && { ...found[1] };
}
