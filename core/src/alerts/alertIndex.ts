import type { PriceAlertKind } from '@bourse/shared';
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

type Lists = Record<PriceAlertKind, IndexedAlert[]>;

const emptyLists = (): Lists => ({
  above: [],
  below: [],
  riseBy: [],
  fallBy: [],
  limitUp: [],
  limitDown: [],
});

/** A limit's value for its kind's key 0: 0 at the limit, −1 short of it (or without a limit). */
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

/**
 * The prefix of `list` whose keys are at most `value`, less the alerts still quiet at the quote's
 * market time (`time`). Each taken alert is made quiet until it is settled (fired or refreshed),
 * so a quote arriving while its claim runs does not pick it again.
 */
function take(list: readonly IndexedAlert[], value: number, quote: AlertQuote, firings: Firing[]): void {
  for (let i = 0; i < list.length && list[i]!.key <= value; i++) {
    const alert = list[i]!;
    if (quote.time < alert.quietUntil) continue;
    alert.quietUntil = Number.POSITIVE_INFINITY;
    firings.push({ alert, quote });
  }
}

export class AlertIndex {
  private readonly bySymbol = new Map<string, Lists>();
  private readonly byId = new Map<string, IndexedAlert>();

  /** Builds the index in one sort per list rather than one insertion per alert. */
  static of(alerts: Iterable<IndexedAlert>): AlertIndex {
    const index = new AlertIndex();
    for (const alert of alerts) {
      if (Number.isNaN(alert.key)) continue;
      index.byId.set(alert.id, alert);
      index.listsOf(alert.symbol)[alert.kind].push(alert);
    }
    for (const lists of index.bySymbol.values()) for (const list of Object.values(lists)) list.sort(byKey);
    return index;
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): IndexedAlert | undefined {
    return this.byId.get(id);
  }

  private listsOf(symbol: string): Lists {
    let lists = this.bySymbol.get(symbol);
    if (!lists) {
      lists = emptyLists();
      this.bySymbol.set(symbol, lists);
    }
    return lists;
  }

  /** Adds an alert, or replaces the one with its id. */
  put(alert: IndexedAlert): void {
    this.remove(alert.id);
    if (Number.isNaN(alert.key)) return;
    const list = this.listsOf(alert.symbol)[alert.kind];
    list.splice(upperBound(list, alert.key), 0, alert);
    this.byId.set(alert.id, alert);
  }

  remove(id: string): void {
    const alert = this.byId.get(id);
    if (!alert) return;
    this.byId.delete(id);
    const lists = this.bySymbol.get(alert.symbol);
    if (!lists) return;
    const list = lists[alert.kind];
    // Its equals sit just before the upper bound: walk back to it.
    for (let i = upperBound(list, alert.key) - 1; i >= 0 && list[i]!.key === alert.key; i--) {
      if (list[i] === alert) {
        list.splice(i, 1);
        return;
      }
    }
  }

  /** The alerts these quotes fire: those whose condition holds and whose quiet time is over (see take). */
  evaluate(quotes: readonly AlertQuote[]): Firing[] {
    const firings: Firing[] = [];
    for (const quote of quotes) {
      const lists = this.bySymbol.get(quote.symbol);
      if (!lists) continue;
      // Each figure is read only when a list's first alert could fire on it: most quotes read the price alone.
      const price = toUnits(quote.price, PRICE_PLACES);
      take(lists.above, price, quote, firings);
      take(lists.below, -price, quote, firings);
      if (lists.riseBy.length > 0 || lists.fallBy.length > 0) {
        const pct = toUnits(quote.pct, PERCENT_PLACES);
        take(lists.riseBy, pct, quote, firings);
        take(lists.fallBy, -pct, quote, firings);
      }
      if (lists.limitUp.length > 0 && quote.limitUp !== null)
        take(lists.limitUp, atLimit(price >= toUnits(quote.limitUp, PRICE_PLACES)), quote, firings);
      if (lists.limitDown.length > 0 && quote.limitDown !== null)
        take(lists.limitDown, atLimit(price <= toUnits(quote.limitDown, PRICE_PLACES)), quote, firings);
    }
    return firings;
  }

  /** A claimed firing at market time `at`: a one-shot alert leaves the index, a repeating one goes quiet. */
  fired(id: string, at: number): void {
    const alert = this.byId.get(id);
    if (!alert) return;
    if (alert.cooldownMs === null) this.remove(id);
    else alert.quietUntil = at + alert.cooldownMs;
  }
}
