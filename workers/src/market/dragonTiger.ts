/**
 * The dragon-tiger list (龙虎榜) of a trading day from its day bars: for each test of
 * shared/src/rules (close deviation from the board's index or the close change itself, up and
 * down; amplitude; turnover rate) the top five stocks that meet it, each with its five biggest
 * buying and selling seats. The seats are simulated: branch names and amounts drawn from the
 * seed, the date and the code, so a rebuild gives the same list. Pure.
 */
import {
  centsToDecimal,
  type DayBar,
  Dec,
  DRAGON_TIGER_REASONS,
  type DragonTigerEntry,
  type DragonTigerReason,
  type DragonTigerTest,
  dragonTigerTests,
  dragonTigerThresholds,
  type InstrumentListing,
  toFixedString,
} from '@bourse/shared';
import { Rng } from '../feed/rng.ts';

const LIST_SIZE = 5;
const SEATS = 5;

/** The index a board's deviation is measured against: SSE Composite, SZSE Component. */
export const DEVIATION_INDEX: Record<InstrumentListing['exchange'], string> = {
  SSE: 'sh000001',
  SZSE: 'sz399001',
  BSE: 'sz399001',
};

export interface DayOfStock {
  listing: InstrumentListing;
  bar: DayBar;
}

const BROKERS = [
  '华泰证券',
  '中信证券',
  '国泰君安证券',
  '招商证券',
  '东方财富证券',
  '中国银河证券',
  '广发证券',
  '申万宏源证券',
  '海通证券',
  '国信证券',
  '光大证券',
  '平安证券',
  '方正证券',
  '财通证券',
  '开源证券',
  '中国中金财富证券',
  '东吴证券',
  '国盛证券',
  '华鑫证券',
  '浙商证券',
];
const BRANCHES = [
  '上海武定路',
  '上海溧阳路',
  '上海东方路',
  '深圳益田路荣超商务中心',
  '北京中关村大街',
  '杭州庆春路',
  '宁波解放南路',
  '拉萨团结路第二',
  '拉萨东环路第一',
  '成都北一环路',
  '西安朱雀大街',
  '南京太平南路',
  '厦门厦禾路',
  '佛山绿景路',
  '武汉新华路',
  '长沙五一大道',
  '广州天河北路',
  '天津东丽开发区二纬路',
  '苏州干将西路',
  '青岛香港中路',
];

const pct = (numerator: Dec, denominator: Dec) => numerator.div(denominator).times(100);

interface Candidate {
  stock: DayOfStock;
  reason: DragonTigerReason;
  /** The figure that met the test, in percent. */
  value: Dec;
}

function reasonOf(test: DragonTigerTest, measure: 'deviation' | 'change'): DragonTigerReason {
  if (test === 'gainers') return measure === 'deviation' ? 'deviationUp' : 'changeUp';
  if (test === 'losers') return measure === 'deviation' ? 'deviationDown' : 'changeDown';
  return test === 'amplitude' ? 'amplitude' : 'turnoverRate';
}

/** The tests a stock's day meets, with the figure for each. */
function candidatesOf(stock: DayOfStock, tradingDate: string, indexChange: Dec | undefined): Candidate[] {
  const { bar, listing } = stock;
  if (bar.volume === 0 || bar.prevClose <= 0) return [];
  const thresholds = dragonTigerThresholds(listing.board, tradingDate);
  const prevClose = new Dec(bar.prevClose);
  const change = new Dec(bar.close - bar.prevClose).div(prevClose);
  // Without its index the deviation is unknown: the stock is tested on amplitude and turnover only.
  const unmeasured = thresholds.measure === 'deviation' && indexChange === undefined;
  const move = unmeasured
    ? new Dec(0)
    : thresholds.measure === 'deviation'
      ? change.minus(indexChange!)
      : change;
  const amplitude = new Dec(bar.high - bar.low).div(prevClose);
  const turnoverRate = new Dec(bar.turnoverRate).div(10_000);
  const figures: Record<DragonTigerTest, Dec> = {
    gainers: move.times(100),
    losers: move.times(100),
    amplitude: amplitude.times(100),
    turnover: turnoverRate.times(100),
  };
  return dragonTigerTests({ board: listing.board, tradingDate, move, amplitude, turnoverRate }).map(
    (test) => ({
      stock,
      reason: reasonOf(test, thresholds.measure),
      value: figures[test],
    }),
  );
}

/** Seat amounts in cents, biggest first, summing to about `total`. */
function amounts(rng: Rng, total: number): number[] {
  const weights = Array.from({ length: SEATS }, () => rng.logNormalMeanOne(0.8)).sort((a, b) => b - a);
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.max(1, Math.round((total * w) / sum)));
}

function seatNames(rng: Rng, listing: InstrumentListing): string[] {
  const connect = listing.exchange === 'SSE' ? '沪股通专用' : '深股通专用';
  const names = new Set<string>();
  if (rng.chance(0.35)) names.add('机构专用');
  if (rng.chance(0.25)) names.add(connect);
  while (names.size < SEATS) names.add(`${rng.pick(BROKERS)}${rng.pick(BRANCHES)}营业部`);
  const shuffled = [...names];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled;
}

/** The five biggest buyers and sellers: together they trade 10–30% of the day's turnover, tilted by its direction. */
function seatsOf(
  stock: DayOfStock,
  seed: string,
  tradingDate: string,
): Pick<DragonTigerEntry, 'buys' | 'sells' | 'net'> {
  const rng = new Rng(`${seed}/dragon-tiger/${tradingDate}/${stock.listing.symbol}`);
  const { bar } = stock;
  const share = rng.between(0.1, 0.3);
  const tilt = Math.max(-0.6, Math.min(0.6, ((bar.close - bar.prevClose) / bar.prevClose) * 4));
  const buyTotal = Math.round(bar.turnover * share * (1 + tilt) * 0.5);
  const sellTotal = Math.round(bar.turnover * share * (1 - tilt) * 0.5);
  const side = (total: number) => {
    const names = seatNames(rng, stock.listing);
    return amounts(rng, total).map((amount, i) => ({ seat: names[i]!, amount }));
  };
  const buys = side(buyTotal);
  const sells = side(sellTotal);
  const sum = (list: { amount: number }[]) => list.reduce((a, s) => a + s.amount, 0);
  const wire = (list: { seat: string; amount: number }[]) =>
    list.map((s) => ({ seat: s.seat, amount: centsToDecimal(s.amount) }));
  return { buys: wire(buys), sells: wire(sells), net: centsToDecimal(sum(buys) - sum(sells)) };
}

/**
 * The day's list: per reason, the five stocks with the largest figure (the most negative for
 * the falls), ties by code. `indexChanges` holds each index's close change as a fraction.
 */
export function buildDragonTiger(args: {
  tradingDate: string;
  seed: string;
  stocks: readonly DayOfStock[];
  indexChanges: ReadonlyMap<string, Dec>;
}): DragonTigerEntry[] {
  const { tradingDate, seed } = args;
  const byReason = new Map<DragonTigerReason, Candidate[]>();
  for (const stock of args.stocks) {
    const indexChange = args.indexChanges.get(DEVIATION_INDEX[stock.listing.exchange]);
    for (const c of candidatesOf(stock, tradingDate, indexChange)) {
      byReason.set(c.reason, [...(byReason.get(c.reason) ?? []), c]);
    }
  }
  const entries: DragonTigerEntry[] = [];
  for (const reason of DRAGON_TIGER_REASONS) {
    const candidates = byReason.get(reason) ?? [];
    const falling = reason === 'deviationDown' || reason === 'changeDown';
    candidates.sort(
      (a, b) =>
        (falling ? a.value.comparedTo(b.value) : b.value.comparedTo(a.value)) ||
        (a.stock.listing.symbol < b.stock.listing.symbol ? -1 : 1),
    );
    for (const c of candidates.slice(0, LIST_SIZE)) {
      const { bar, listing } = c.stock;
      entries.push({
        symbol: listing.symbol,
        name: listing.name,
        reason,
        value: toFixedString(c.value, 2),
        close: centsToDecimal(bar.close),
        pct: toFixedString(pct(new Dec(bar.close - bar.prevClose), new Dec(bar.prevClose)), 2),
        turnover: centsToDecimal(bar.turnover),
        ...seatsOf(c.stock, seed, tradingDate),
      });
    }
  }
  return entries;
}
