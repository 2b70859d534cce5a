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
  /** A code block no real security uses, where the simulated market lists its invented companies. */
  simulated: boolean;
}

type Classified = readonly [prefix: string, SymbolClass];

/** Real prefixes and, beside each, the simulated one that takes its board (ADR 0014). */
function board(exchange: Exchange, boardName: Board, real: readonly string[], simulated: readonly string[]) {
  const kind = 'stock';
  return [
    ...real.map((p): Classified => [p, { exchange, board: boardName, kind, simulated: false }]),
    ...simulated.map((p): Classified => [p, { exchange, board: boardName, kind, simulated: true }]),
  ];
}

/**
 * Code prefixes, first match wins. Funds trade under main-board lot and band rules.
 * 4xx/8xx also cover NEEQ segments that are not BSE; see docs/domain-rules.md.
 */
const SYMBOL_PREFIXES: readonly Classified[] = [
  ...board('SSE', 'main', ['600', '601', '603', '605'], ['604', '606', '607', '609']),
  ...board('SSE', 'star', ['688', '689'], ['687']),
  ...board('SZSE', 'main', ['000', '001', '002', '003'], ['004', '005', '006', '007']),
  ...board('SZSE', 'chinext', ['300', '301'], ['303', '304']),
  ...board('BSE', 'bse', ['4', '8', '920'], []),
  ['51', { exchange: 'SSE', board: 'main', kind: 'fund', simulated: false }],
  ['15', { exchange: 'SZSE', board: 'main', kind: 'fund', simulated: false }],
];

/** Exchange, board and kind of a 6-digit A-share code; undefined for anything we do not trade. */
export function classifySymbol(code: string): SymbolClass | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const found = SYMBOL_PREFIXES.find(([prefix]) => code.startsWith(prefix));
  return found && { ...found[1] };
}
