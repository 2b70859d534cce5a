/**
 * The live ranking lists, computed from the quote stream: limit-up and limit-down (every name
 * sealed at its limit, biggest seal first), the ten-deal list (top ten by turnover) and the top
 * 50 gainers and losers. Pure: quotes in, rows out. Incremental, because every publish brings
 * thousands of quotes and the lists change at their edges; `rankListsOf` is the brute force the
 * tests hold it to.
 */
import { centsToDecimal, decimalToCents, type RankRow, TEN_DEAL_LIST_SIZE } from '@bourse/shared';
import type { Quote } from '../feed/index.ts';

export const LIVE_RANK_LISTS = ['limitUp', 'limitDown', 'tenDeal', 'gainers', 'losers'] as const;
export type LiveRankList = (typeof LIVE_RANK_LISTS)[number];
export type RankLists = Record<LiveRankList, RankRow[]>;

/** What the lists read of a quote. */
export type RankQuote = Pick<
  Quote,
  | 'symbol'
  | 'name'
  | 'price'
  | 'pct'
  | 'open'
  | 'turnover'
  | 'turnoverRate'
  | 'buyTurnover'
  | 'sellTurnover'
  | 'limitUp'
  | 'limitDown'
  | 'bids'
  | 'asks'
>;

const MOVERS = 50;

interface Entry {
  symbol: string;
  /** Higher ranks first; ties go to the lower code. */
  key: number;
  row: RankRow;
}

/** A quote's figures in cents (pct in hundredths of a percent), parsed once for every list. */
interface Figures {
  pct: number;
  turnover: number;
}

interface ListRule {
  size: number;
  /** The entry of a quote on this list, or null when it does not qualify. */
  entry(q: RankQuote, base: RankRow, figures: Figures): Entry | null;
}

function sealed(q: RankQuote, base: RankRow, limit: string | null, side: RankQuote['bids']): Entry | null {
  if (q.open === null || limit === null || q.price !== limit) return null;
  const top = side[0];
  const sealVolume = top?.price === limit ? top.volume : 0;
  return { symbol: q.symbol, key: sealVolume * decimalToCents(limit), row: { ...base, sealVolume } };
}

const RULES: Record<LiveRankList, ListRule> = {
  limitUp: { size: Number.POSITIVE_INFINITY, entry: (q, base) => sealed(q, base, q.limitUp, q.bids) },
  limitDown: { size: Number.POSITIVE_INFINITY, entry: (q, base) => sealed(q, base, q.limitDown, q.asks) },
  tenDeal: {
    size: TEN_DEAL_LIST_SIZE,
    entry(q, base, { turnover }) {
      if (q.open === null || turnover === 0) return null;
      const buy = decimalToCents(q.buyTurnover);
      const sell = decimalToCents(q.sellTurnover);
      return {
        symbol: q.symbol,
        key: turnover,
        row: { ...base, buy: q.buyTurnover, sell: q.sellTurnover, net: centsToDecimal(buy - sell) },
      };
    },
  },
  gainers: {
    size: MOVERS,
    entry(q, base, { pct }) {
      return q.open !== null && pct > 0 ? { symbol: q.symbol, key: pct, row: base } : null;
    },
  },
  losers: {
    size: MOVERS,
    entry(q, base, { pct }) {
      return q.open !== null && pct < 0 ? { symbol: q.symbol, key: -pct, row: base } : null;
    },
  },
};

/** Negative when a ranks before b. */
function compare(a: Entry, b: Entry): number {
  return b.key - a.key || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);
}

const figuresOf = (q: RankQuote): Figures => ({
  pct: decimalToCents(q.pct),
  turnover: decimalToCents(q.turnover),
});

function baseRow(q: RankQuote): RankRow {
  return {
    symbol: q.symbol,
    name: q.name,
    price: q.price,
    pct: q.pct,
    turnover: q.turnover,
    turnoverRate: q.turnoverRate,
  };
}

/**
 * One list kept incrementally: the members (best first) and a bound no outsider beats. A
 * member that falls to or below the bound, or leaves while outsiders wait, makes the list
 * stale, and the next read recomputes it from every entry.
 */
class TopList {
  private readonly entries = new Map<string, Entry>();
  private members: Entry[] = [];
  private readonly memberSymbols = new Set<string>();
  private bound: Entry | null = null;

  constructor(private readonly size: number) {}

  update(symbol: string, entry: Entry | null): void {
    if (entry) this.entries.set(symbol, entry);
    else this.entries.delete(symbol);
    if (this.memberSymbols.delete(symbol))
      this.members.splice(
        this.members.findIndex((e) => e.symbol === symbol),
        1,
      );
    if (!entry) return;
    let at = this.members.findIndex((e) => compare(entry, e) < 0);
    if (at === -1) at = this.members.length;
    this.members.splice(at, 0, entry);
    this.memberSymbols.add(symbol);
    if (this.members.length > this.size) {
      const out = this.members.pop()!;
      this.memberSymbols.delete(out.symbol);
      if (!this.bound || compare(out, this.bound) < 0) this.bound = out;
    }
  }

  rows(): RankRow[] {
    const last = this.members.at(-1);
    const outsiders = this.entries.size - this.members.length;
    const fresh =
      outsiders === 0 ||
      (this.members.length === this.size && (!this.bound || compare(last!, this.bound) < 0));
    if (!fresh) this.recompute();
    return this.members.map((e) => e.row);
  }

  private recompute(): void {
    const all = [...this.entries.values()].sort(compare);
    this.members = all.slice(0, this.size);
    this.bound = all[this.size] ?? null;
    this.memberSymbols.clear();
    for (const e of this.members) this.memberSymbols.add(e.symbol);
  }
}

export class RankCalculator {
  private readonly lists = new Map(LIVE_RANK_LISTS.map((list) => [list, new TopList(RULES[list].size)]));

  /** The latest quotes of the symbols that changed. */
  apply(quotes: Iterable<RankQuote>): void {
    for (const q of quotes) {
      const base = baseRow(q);
      const figures = figuresOf(q);
      for (const list of LIVE_RANK_LISTS)
        this.lists.get(list)!.update(q.symbol, RULES[list].entry(q, base, figures));
    }
  }

  rows(): RankLists {
    return Object.fromEntries(
      LIVE_RANK_LISTS.map((list) => [list, this.lists.get(list)!.rows()]),
    ) as RankLists;
  }
}

/** Every list from scratch: the definition the incremental calculator must equal. */
export function rankListsOf(quotes: Iterable<RankQuote>): RankLists {
  const all = [...quotes];
  return Object.fromEntries(
    LIVE_RANK_LISTS.map((list) => {
      const entries = all
        .map((q) => RULES[list].entry(q, baseRow(q), figuresOf(q)))
        .filter((e) => e !== null);
      return [
        list,
        entries
          .sort(compare)
          .slice(0, RULES[list].size)
          .map((e) => e.row),
      ];
    }),
  ) as RankLists;
}
