import { FEED_SHARDS, feedShard, type PriceAlertKind } from '@bourse/shared';
import type { AlertQuote } from './alertQuotes.ts';

/**
 * The enabled price alerts of every symbol, indexed so that evaluating a quote costs time in
 * proportion to the alerts it fires, not to the alerts there are. Each kind keeps its alerts in
 * one array sorted ascending by a `key` chosen so that an alert fires when the quote's `value`
 * for that kind is at least its key; the firing alerts are then a prefix of the array, and a
 * quote that fires nothing looks at the first element of each array only:
 *
 *   above      key  level      value  price        (price ≥ level)
 *   below      key −level      value −price        (price ≤ level)
 *   riseBy     key  percent    value  pct          (pct ≥ N)
 *   fallBy     key  percent    value −pct          (pct ≤ −N)
 *   limitUp    key 0           value 0 at the limit, −1 below it
 *   limitDown  key 0           value 0 at the limit, −1 above it
 *
 * Prices are integer thousandths (the fund tick) and percents integer hundredths, read from the
 * decimal strings digit by digit: no float ever decides a firing. The percent is the quote's own
 * `pct` (the day's change on the previous close, as the screens show it), so a new trading day
 * needs no recomputation of levels. Pure: no Redis, no SQL.
 */

/** An enabled alert as the index holds it. */
export interface IndexedAlert {
  readonly id: string;
  readonly userId: string;
  readonly symbol: string;
  readonly kind: PriceAlertKind;
  /** See the table above. */
  readonly key: number;
  /** Null for a one-shot alert. */
  readonly cooldownMs: number | null;
  /** Market time (ms) before which it does not fire: its last firing plus the cool-down; 0 when armed. */
  quietUntil: number;
}

/** An alert as stored (the columns the index needs). */
export interface AlertRecord {
  id: string;
  userId: string;
  symbol: string;
  kind: PriceAlertKind;
  level: string | null;
  percent: string | null;
  cooldownMinutes: number | null;
  lastFiredAt: Date | null;
}

/** One alert the quote fires, to be claimed (claim.ts) before it is delivered. */
export interface Firing {
  alert: IndexedAlert;
  quote: AlertQuote;
}

const PRICE_PLACES = 3;
const PERCENT_PLACES = 2;
const MINUTE_MS = 60_000;

/**
 * A decimal string as an integer count of 10^-places: ("12.3", 3) → 12300, ("-0.45", 2) → -45.
 * Digits past `places` are dropped (the feed never sends them); NaN for anything but a decimal.
 */
export function toUnits(text: string, places: number): number {
  let i = 0;
  let negative = false;
  if (text.charCodeAt(0) === 45) {
    negative = true;
    i = 1;
  }
  let units = 0;
  let decimals = -1;
  let digits = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 && decimals < 0) {
      decimals = 0;
      continue;
    }
    if (c < 48 || c > 57) return Number.NaN;
    digits++;
    if (decimals >= 0) {
      if (decimals === places) continue;
      decimals++;
    }
    units = units * 10 + (c - 48);
  }
  if (digits === 0) return Number.NaN;
  for (let d = Math.max(decimals, 0); d < places; d++) units *= 10;
  return negative ? -units : units;
}

/** The index's key of a stored alert; see the table above. */
function keyOf(record: AlertRecord): number {
  switch (record.kind) {
    case 'above':
      return toUnits(record.level ?? '', PRICE_PLACES);
    case 'below':
      return -toUnits(record.level ?? '', PRICE_PLACES);
    case 'riseBy':
    case 'fallBy':
      return toUnits(record.percent ?? '', PERCENT_PLACES);
    case 'limitUp':
    case 'limitDown':
      return 0;
  }
}

export function indexedAlert(record: AlertRecord): IndexedAlert {
  const cooldownMs = record.cooldownMinutes === null ? null : record.cooldownMinutes * MINUTE_MS;
  return {
    id: record.id,
    userId: record.userId,
    symbol: record.symbol,
    kind: record.kind,
    key: keyOf(record),
    cooldownMs,
    quietUntil: record.lastFiredAt && cooldownMs !== null ? record.lastFiredAt.getTime() + cooldownMs : 0,
  };
}

/** Kind k of the symbol in slot n: its list at lists[n × KINDS + k], its first key at firstKeys[n × KINDS + k]. */
const KIND_SLOT: Record<PriceAlertKind, number> = {
  above: 0,
  below: 1,
  riseBy: 2,
  fallBy: 3,
  limitUp: 4,
  limitDown: 5,
};
const KINDS = Object.keys(KIND_SLOT).length;

/** A limit's value for its kind's key 0: 0 at the limit, −1 short of it. */
const atLimit = (reached: boolean) => (reached ? 0 : -1);

/** The first position whose key is above `key`: where an alert with `key` goes, after its equals. */
function upperBound(list: readonly IndexedAlert[], key: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.key <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const byKey = (a: IndexedAlert, b: IndexedAlert) => a.key - b.key;

export class AlertIndex {
  /** Each symbol's slot; slots are never given back (a symbol without alerts keeps empty lists). */
  private readonly slotOf = new Map<string, number>();
  /** By slot, then kind: the arrays sorted by key. */
  private readonly lists: IndexedAlert[][] = [];
  /**
   * By slot × kind, the first (lowest) key of each array, +∞ when empty: a quote that fires nothing
   * reads six numbers side by side here and touches no alert, whatever the alerts' number.
   */
  private firstKeys = new Float64Array(64 * KINDS).fill(Number.POSITIVE_INFINITY);
  private readonly byId = new Map<string, IndexedAlert>();
  /** Alerts per feed shard: an evaluator listens only to the shards where some wait. */
  private readonly perShard = new Int32Array(FEED_SHARDS);

  /** Builds the index in one sort per list rather than one insertion per alert. */
  static of(alerts: Iterable<IndexedAlert>): AlertIndex {
    const index = new AlertIndex();
    for (const alert of alerts) {
      if (Number.isNaN(alert.key)) continue;
      index.byId.set(alert.id, alert);
      index.perShard[feedShard(alert.symbol)]!++;
      index.lists[index.slot(alert.symbol) * KINDS + KIND_SLOT[alert.kind]]!.push(alert);
    }
    index.lists.forEach((list, at) => {
      list.sort(byKey);
      index.firstKeys[at] = list[0]?.key ?? Number.POSITIVE_INFINITY;
    });
    return index;
  }

  get size(): number {
    return this.byId.size;
  }

  /** The feed shards that carry a symbol with an alert. */
  shards(): Set<number> {
    const shards = new Set<number>();
    this.perShard.forEach((count, shard) => {
      if (count > 0) shards.add(shard);
    });
    return shards;
  }

  get(id: string): IndexedAlert | undefined {
    return this.byId.get(id);
  }

  /** The symbol's slot, made (with empty lists) on first use. */
  private slot(symbol: string): number {
    let slot = this.slotOf.get(symbol);
    if (slot === undefined) {
      slot = this.slotOf.size;
      this.slotOf.set(symbol, slot);
      for (let k = 0; k < KINDS; k++) this.lists.push([]);
      if (this.lists.length > this.firstKeys.length) {
        const grown = new Float64Array(this.firstKeys.length * 2).fill(Number.POSITIVE_INFINITY);
        grown.set(this.firstKeys);
        this.firstKeys = grown;
      }
    }
    return slot;
  }

  /** Adds an alert, or replaces the one with its id. */
  put(alert: IndexedAlert): void {
    this.remove(alert.id);
    if (Number.isNaN(alert.key)) return;
    const at = this.slot(alert.symbol) * KINDS + KIND_SLOT[alert.kind];
    const list = this.lists[at]!;
    list.splice(upperBound(list, alert.key), 0, alert);
    this.firstKeys[at] = list[0]!.key;
    this.byId.set(alert.id, alert);
    this.perShard[feedShard(alert.symbol)]!++;
  }

  remove(id: string): void {
    const alert = this.byId.get(id);
    if (!alert) return;
    this.byId.delete(id);
    this.perShard[feedShard(alert.symbol)]!--;
    const at = this.slot(alert.symbol) * KINDS + KIND_SLOT[alert.kind];
    const list = this.lists[at]!;
    // Its equals sit just before the upper bound: walk back to it.
    for (let i = upperBound(list, alert.key) - 1; i >= 0 && list[i]!.key === alert.key; i--) {
      if (list[i] === alert) {
        list.splice(i, 1);
        break;
      }
    }
    this.firstKeys[at] = list[0]?.key ?? Number.POSITIVE_INFINITY;
  }

  /** The alerts these quotes fire: those whose condition holds and whose quiet time is over (see take). */
  evaluate(quotes: readonly AlertQuote[]): Firing[] {
    const firings: Firing[] = [];
    const first = this.firstKeys;
    for (const quote of quotes) {
      const slot = this.slotOf.get(quote.symbol);
      if (slot === undefined) continue;
      const at = slot * KINDS;
      // Each figure is read only when a first key could be reached by it.
      const price = toUnits(quote.price, PRICE_PLACES);
      if (first[at]! <= price) this.take(at, price, quote, firings);
      if (first[at + 1]! <= -price) this.take(at + 1, -price, quote, firings);
      if (first[at + 2]! !== Number.POSITIVE_INFINITY || first[at + 3]! !== Number.POSITIVE_INFINITY) {
        const pct = toUnits(quote.pct, PERCENT_PLACES);
        if (first[at + 2]! <= pct) this.take(at + 2, pct, quote, firings);
        if (first[at + 3]! <= -pct) this.take(at + 3, -pct, quote, firings);
      }
      if (first[at + 4]! <= 0 && quote.limitUp !== null)
        this.take(at + 4, atLimit(price >= toUnits(quote.limitUp, PRICE_PLACES)), quote, firings);
      if (first[at + 5]! <= 0 && quote.limitDown !== null)
        this.take(at + 5, atLimit(price <= toUnits(quote.limitDown, PRICE_PLACES)), quote, firings);
    }
    return firings;
  }

  /**
   * The prefix of a list whose keys are at most `value`, less the alerts still quiet at the
   * quote's market time (`time`). Each taken alert is made quiet until it is settled (fired or
   * refreshed), so a quote arriving while its claim runs does not pick it again.
   */
  private take(at: number, value: number, quote: AlertQuote, firings: Firing[]): void {
    const list = this.lists[at]!;
    for (let i = 0; i < list.length && list[i]!.key <= value; i++) {
      const alert = list[i]!;
      if (quote.time < alert.quietUntil) continue;
      alert.quietUntil = Number.POSITIVE_INFINITY;
      firings.push({ alert, quote });
    }
  }

  /** A claimed firing at market time `at`: a one-shot alert leaves the index, a repeating one goes quiet. */
  fired(id: string, at: number): void {
    const alert = this.byId.get(id);
    if (!alert) return;
    if (alert.cooldownMs === null) this.remove(id);
    else alert.quietUntil = at + alert.cooldownMs;
  }
}
