import type { InstrumentListing } from '@bourse/shared';

interface Keyed {
  key: string;
  instrument: InstrumentListing;
}

/** Index of the first entry whose key is ≥ `prefix`: where the entries starting with it begin. */
function lowerBound(sorted: readonly Keyed[], prefix: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.key < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function sortedBy(instruments: readonly InstrumentListing[], key: (i: InstrumentListing) => string): Keyed[] {
  return instruments
    .map((instrument) => ({ key: key(instrument), instrument }))
    .sort((a, b) =>
      a.key < b.key ? -1 : a.key > b.key ? 1 : a.instrument.symbol < b.instrument.symbol ? -1 : 1,
    );
}

/**
 * Search over the instrument listing, built once per listing: code and pinyin-initials prefixes
 * by binary search over sorted arrays, name substrings by a scan of the lower-cased names
 * (5,000 short strings: tens of microseconds). Ranked exact code > code prefix > initials
 * prefix > name, each tier in key order.
 */
export class SearchIndex {
  private readonly codes: Keyed[];
  private readonly initials: Keyed[];
  private readonly names: Keyed[];

  constructor(instruments: readonly InstrumentListing[]) {
    this.codes = sortedBy(instruments, (i) => i.symbol);
    this.initials = sortedBy(instruments, (i) => i.initials.toLowerCase());
    this.names = sortedBy(instruments, (i) => i.symbol).map(({ instrument }) => ({
      key: instrument.name.toLowerCase(),
      instrument,
    }));
  }

  /** The listing of one code, by binary search over the sorted codes. */
  find(symbol: string): InstrumentListing | undefined {
    const entry = this.codes[lowerBound(this.codes, symbol)];
    return entry?.key === symbol ? entry.instrument : undefined;
  }

  get size(): number {
    return this.codes.length;
  }

  search(query: string, limit: number): InstrumentListing[] {
    const q = query.trim().toLowerCase();
    const found: InstrumentListing[] = [];
    if (q === '' || limit <= 0) return found;
    const seen = new Set<string>();
    /** Adds one result; true once the limit is reached. */
    const take = (instrument: InstrumentListing): boolean => {
      if (!seen.has(instrument.symbol)) {
        seen.add(instrument.symbol);
        found.push(instrument);
      }
      return found.length >= limit;
    };
    // An exact code sorts first among the codes it prefixes, so the code tier yields it first.
    for (const sorted of [this.codes, this.initials]) {
      for (let i = lowerBound(sorted, q); i < sorted.length && sorted[i]!.key.startsWith(q); i++) {
        if (take(sorted[i]!.instrument)) return found;
      }
    }
    for (const { key, instrument } of this.names) {
      if (key.includes(q) && take(instrument)) return found;
    }
    return found;
  }
}
