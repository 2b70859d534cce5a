/**
 * The simulated listing universe: codes, names, boards and sizes shaped like the A-share
 * market (about 1,700 SSE main, 1,480 SZSE main, 1,270 ChiNext and 550 STAR names in 5,000),
 * plus the three headline indices. Pure and seeded: the same seed gives the same universe.
 * Invented companies take codes no real security uses (604 beside 600, …; ADR 0014), so no
 * invented name sits on a real company's code.
 */
import { type Board, classifySymbol, type Instrument } from '@bourse/shared';
import { Rng } from '../rng.ts';
import { companyName, pinyinInitials, SECTORS, type Sector, stName } from './names.ts';

export type LiquidityTier = 1 | 2 | 3 | 4;

export interface Listing extends Instrument {
  /** Short name as quote screens show it (ST names carry the ST / *ST prefix). */
  name: string;
  /** Pinyin initials of the name, for search (浙江医药 → ZJYY). */
  initials: string;
  sector: Sector['key'];
  /** Previous close in cents (integer, on the 0.01 tick) for the first simulated day. */
  prevCloseCents: number;
  /** Tradable (float) shares: the denominator of the turnover rate. */
  floatShares: number;
  /** Total shares: the weight of the cap-weighted indices. */
  totalShares: number;
  /** 1 trades on every step with a tight spread, 4 seldom and wide. */
  tier: LiquidityTier;
  /** Typical share of the float traded in a day (0.015 = 1.5%). */
  turnoverRate: number;
  /** Stock-specific daily volatility (0.025 = 2.5%). */
  dailyVol: number;
  /** Sensitivity to the market factor. */
  beta: number;
  /** Sensitivity to its sector's factor. */
  sectorLoading: number;
}

export interface IndexDefinition {
  /** Exchange-prefixed code, so an index (sh000001) and a stock code cannot collide. */
  symbol: string;
  name: string;
  /** Positions in `Universe.listings`. */
  constituents: readonly number[];
  /** The index level on the first simulated day's previous close. */
  baseLevel: number;
  /** Which share count weighs a constituent: SSE Composite uses total shares, SZSE indices the float. */
  weighting: 'total' | 'float';
}

export interface Universe {
  listings: readonly Listing[];
  indices: readonly IndexDefinition[];
}

/**
 * The simulated code prefixes and their share of 5,000 listings: each stands for one real prefix
 * (in the comment) and takes its count in the 2025 market.
 */
const PREFIX_SHARES: readonly (readonly [prefix: string, count: number])[] = [
  ['604', 900], // 600
  ['606', 230], // 601
  ['607', 470], // 603
  ['609', 100], // 605
  ['004', 450], // 000
  ['005', 80], // 001
  ['006', 900], // 002
  ['007', 50], // 003
  ['303', 1000], // 300
  ['304', 270], // 301
  ['687', 550], // 688
];

/** Old-economy sectors list on the main board; STAR takes hard tech and biotech only. */
const BOARD_SECTOR_AFFINITY: Record<Board, (key: string) => number> = {
  main: () => 1,
  bse: () => 1,
  chinext: (key) => (OLD_ECONOMY.has(key) ? 0.1 : TECH.has(key) ? 1.6 : 1),
  star: (key) =>
    TECH.has(key) ? 2.5 : key === 'chemicals' || key === 'metals' || key === 'environment' ? 0.4 : 0,
};
const OLD_ECONOMY = new Set([
  'bank',
  'brokerage',
  'realEstate',
  'steel',
  'coal',
  'petroleum',
  'utilities',
  'retail',
]);
/** Hard tech and biotech: favoured on ChiNext, the only sectors STAR takes (new issues too). */
export const TECH = new Set([
  'electronics',
  'computer',
  'telecom',
  'healthcare',
  'powerEquipment',
  'machinery',
  'defense',
]);

/** Median previous close in CNY and the log-spread around it. */
const PRICE_PROFILE: Record<Board, { median: number; sigma: number }> = {
  main: { median: 9, sigma: 0.7 },
  chinext: { median: 19, sigma: 0.75 },
  star: { median: 32, sigma: 0.8 },
  bse: { median: 12, sigma: 0.7 },
};

/** Median float in shares. */
const FLOAT_MEDIAN: Record<Board, number> = { main: 5.5e8, chinext: 2e8, star: 1.3e8, bse: 0.6e8 };

export interface UniverseOptions {
  seed: string | number;
  /** Number of listings; at most about 5,800 before a code prefix runs out. */
  size?: number;
}

export function generateUniverse({ seed, size = 5000 }: UniverseOptions): Universe {
  const rng = new Rng(seed).fork('universe');
  const codes = drawCodes(rng, size);
  const usedNames = new Set<string>();
  const listings = codes.map((symbol) => makeListing(rng, symbol, usedNames));
  return { listings, indices: defineIndices(rng, listings) };
}

function drawCodes(rng: Rng, size: number): string[] {
  const total = PREFIX_SHARES.reduce((sum, [, n]) => sum + n, 0);
  // Largest remainder, so the counts add up to `size` exactly.
  const exact = PREFIX_SHARES.map(([, share]) => (size * share) / total);
  const counts = exact.map(Math.floor);
  const byRemainder = exact.map((x, k) => [x - Math.floor(x), k] as const).sort((a, b) => b[0] - a[0]);
  const shortfall = size - counts.reduce((a, b) => a + b, 0);
  for (let r = 0; r < shortfall; r++) counts[byRemainder[r]![1]]! += 1;
  const codes: string[] = [];
  PREFIX_SHARES.forEach(([prefix], k) => {
    const n = counts[k]!;
    if (n > 1000) throw new RangeError(`a universe of ${size} needs ${n} codes under ${prefix}`);
    // Partial Fisher–Yates: the first n of a shuffled 000..999.
    const suffixes = Array.from({ length: 1000 }, (_, i) => i);
    for (let i = 0; i < n; i++) {
      const j = i + rng.int(1000 - i);
      [suffixes[i], suffixes[j]] = [suffixes[j]!, suffixes[i]!];
    }
    for (const s of suffixes.slice(0, n).sort((a, b) => a - b))
      codes.push(prefix + String(s).padStart(3, '0'));
  });
  return codes;
}

/** A sector drawn by its weight among the board's listings. */
export function pickSector(rng: Rng, board: Board): Sector {
  const affinity = BOARD_SECTOR_AFFINITY[board];
  const weights = SECTORS.map((s) => s.weight * affinity(s.key));
  let x = rng.uniform() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < SECTORS.length; i++) {
    x -= weights[i]!;
    if (x < 0) return SECTORS[i]!;
  }
  return SECTORS[SECTORS.length - 1]!;
}

function logNormal(rng: Rng, median: number, sigma: number): number {
  return median * Math.exp(sigma * rng.normal());
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function makeListing(rng: Rng, symbol: string, usedNames: Set<string>): Listing {
  const cls = classifySymbol(symbol);
  if (!cls?.simulated) throw new RangeError(`${symbol} is not a simulated code`);
  const { board } = cls;
  const sector = pickSector(rng, board);
  const isST = rng.chance(board === 'main' ? 0.045 : board === 'chinext' ? 0.02 : 0.01);
  let name: string;
  do {
    const company = companyName(rng, sector);
    name = isST ? stName(company, rng.chance(0.5)) : company;
  } while (usedNames.has(name));
  usedNames.add(name);

  const bank = sector.key === 'bank';
  const profile = PRICE_PROFILE[board];
  const price = isST
    ? logNormal(rng, 3.2, 0.45)
    : bank
      ? logNormal(rng, 6, 0.45)
      : logNormal(rng, profile.median, profile.sigma);
  const prevCloseCents = Math.round(clamp(price, 2, 300) * 100);
  const floatShares =
    Math.round(clamp(logNormal(rng, bank ? 8e9 : FLOAT_MEDIAN[board], bank ? 1 : 0.85), 2e7, 3e10) / 100) *
    100;
  const totalShares = Math.round((floatShares * rng.between(1, 1.6)) / 100) * 100;
  const floatCap = (floatShares * prevCloseCents) / 100;
  // Small caps turn over faster; banks and ST names slower.
  const turnoverRate = clamp(
    logNormal(rng, 0.022, 0.6) * (2e9 / floatCap) ** 0.15 * (bank ? 0.3 : 1) * (isST ? 0.7 : 1),
    0.002,
    0.2,
  );
  const dailyAmount = floatCap * turnoverRate;
  const tier: LiquidityTier = dailyAmount >= 1e9 ? 1 : dailyAmount >= 2.5e8 ? 2 : dailyAmount >= 6e7 ? 3 : 4;
  const growthBoard = board === 'chinext' || board === 'star';
  const dailyVol =
    (growthBoard ? 0.03 : 0.022) * (bank ? 0.5 : 1) * (isST ? 1.3 : 1) * rng.logNormalMeanOne(0.25);

  return {
    symbol,
    exchange: cls.exchange,
    board,
    kind: cls.kind,
    isST,
    name,
    initials: pinyinInitials(name),
    sector: sector.key,
    prevCloseCents,
    floatShares,
    totalShares,
    tier,
    turnoverRate,
    dailyVol,
    beta: bank ? rng.between(0.5, 0.9) : rng.between(0.6, 1.4),
    sectorLoading: rng.between(0.6, 1.4),
  };
}

function capOrder(listings: readonly Listing[], members: number[]): number[] {
  const cap = (i: number) => listings[i]!.prevCloseCents * listings[i]!.floatShares;
  return [...members].sort((a, b) => cap(b) - cap(a));
}

function defineIndices(rng: Rng, listings: readonly Listing[]): IndexDefinition[] {
  const all = listings.map((_, i) => i);
  const sse = all.filter((i) => listings[i]!.exchange === 'SSE');
  const szse = all.filter((i) => listings[i]!.exchange === 'SZSE');
  const chinext = all.filter((i) => listings[i]!.board === 'chinext');
  // Levels near the real ones of 2025, jittered so seeds differ.
  const near = (level: number) => Math.round(level * rng.between(0.96, 1.04) * 100) / 100;
  return [
    { symbol: 'sh000001', name: '上证指数', constituents: sse, baseLevel: near(3300), weighting: 'total' },
    {
      symbol: 'sz399001',
      name: '深证成指',
      constituents: capOrder(listings, szse).slice(0, 500),
      baseLevel: near(10500),
      weighting: 'float',
    },
    {
      symbol: 'sz399006',
      name: '创业板指',
      constituents: capOrder(listings, chinext).slice(0, 100),
      baseLevel: near(2100),
      weighting: 'float',
    },
  ];
}
