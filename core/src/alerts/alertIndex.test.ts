import { type FeedQuote, feedShard, type PriceAlertKind } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { feedQuote } from '../market/testing/feedDouble.ts';
import { AlertIndex, type AlertRecord, indexedAlert, toUnits } from './alertIndex.ts';

const T0 = Date.UTC(2026, 6, 6, 2, 0); // 10:00 in Shanghai
const MINUTE = 60_000;

function record(id: string, kind: PriceAlertKind, threshold?: string, overrides: Partial<AlertRecord> = {}) {
  return indexedAlert({
    id,
    userId: 'u1',
    symbol: '600000',
    kind,
    level: kind === 'above' || kind === 'below' ? (threshold ?? null) : null,
    percent: kind === 'riseBy' || kind === 'fallBy' ? (threshold ?? null) : null,
    cooldownMinutes: null,
    lastFiredAt: null,
    ...overrides,
  });
}

/** A quote of 600000 (prev close 10.00, limits 11.00 / 9.00) at `price`, with its pct worked out. */
function quote(price: string, pct: string, overrides: Partial<FeedQuote> = {}): FeedQuote {
  return feedQuote('600000', { price, pct, time: T0, ...overrides });
}

const fired = (index: AlertIndex, q: FeedQuote) =>
  index
    .evaluate([q])
    .map((f) => f.alert.id)
    .sort();

describe('toUnits', () => {
  it.each([
    ['12.34', 3, 12_340],
    ['12.345', 3, 12_345],
    ['12', 3, 12_000],
    ['0.5', 2, 50],
    ['-3.45', 2, -345],
    ['-0.01', 2, -1],
    ['10.00', 2, 1_000],
  ])('%s with %i places is %i', (text, places, units) => expect(toUnits(text, places)).toBe(units));

  it.each(['', '-', '.', '1.2.3', 'abc', '1e3'])('%j is not a decimal', (text) =>
    expect(toUnits(text, 2)).toBeNaN(),
  );
});

describe('AlertIndex.evaluate', () => {
  // Ten alerts on one stock; prev close 10.00.
  const alerts = () =>
    AlertIndex.of([
      record('above-10.50', 'above', '10.5'),
      record('above-11', 'above', '11'),
      record('above-10.20', 'above', '10.2'),
      record('below-9.80', 'below', '9.8'),
      record('below-9.50', 'below', '9.5'),
      record('rise-3', 'riseBy', '3'),
      record('rise-5.5', 'riseBy', '5.5'),
      record('fall-2', 'fallBy', '2'),
      record('limit-up', 'limitUp'),
      record('limit-down', 'limitDown'),
    ]);

  it.each([
    // 10.00, flat: nothing.
    ['10.00', '0.00', []],
    // 10.20 = +2.00%: the 10.20 level is reached exactly (≥), the +3% is not.
    ['10.20', '2.00', ['above-10.20']],
    // 10.30 = +3.00%: the 10.20 level and the +3% change.
    ['10.30', '3.00', ['above-10.20', 'rise-3']],
    // 10.99 = +9.90%: three levels short of 11 and two rises.
    ['10.99', '9.90', ['above-10.20', 'above-10.50', 'rise-3', 'rise-5.5']],
    // 11.00 = +10.00%, the limit: every upward alert.
    ['11.00', '10.00', ['above-10.20', 'above-10.50', 'above-11', 'limit-up', 'rise-3', 'rise-5.5']],
    // 9.81 = −1.90%: above 9.80 and short of −2%.
    ['9.81', '-1.90', []],
    // 9.80 = −2.00%: the 9.80 level exactly and the −2% fall.
    ['9.80', '-2.00', ['below-9.80', 'fall-2']],
    // 9.00 = −10.00%, the limit: every downward alert.
    ['9.00', '-10.00', ['below-9.50', 'below-9.80', 'fall-2', 'limit-down']],
  ] as const)('a quote at %s (%s%%) fires %j', (price, pct, expected) => {
    expect(fired(alerts(), quote(price, pct))).toEqual([...expected].sort());
  });

  it('does not fire a limit alert on a stock without limits (a listing day)', () => {
    const index = alerts();
    expect(fired(index, quote('13.00', '30.00', { limitUp: null, limitDown: null }))).toEqual([
      'above-10.20',
      'above-10.50',
      'above-11',
      'rise-3',
      'rise-5.5',
    ]);
  });

  it('ignores quotes of other stocks', () => {
    expect(alerts().evaluate([feedQuote('600001', { price: '99.00', pct: '10.00' })])).toEqual([]);
  });
});

describe('one-shot and repeating alerts', () => {
  it('a one-shot alert fires once: quiet while claimed, gone once fired', () => {
    const index = AlertIndex.of([record('once', 'above', '10')]);
    expect(fired(index, quote('10.10', '1.00'))).toEqual(['once']);
    // The claim is in flight: the next quote does not pick it again.
    expect(fired(index, quote('10.20', '2.00'))).toEqual([]);
    index.fired('once', T0);
    expect(index.size).toBe(0);
    expect(fired(index, quote('10.30', '3.00', { time: T0 + 60 * MINUTE }))).toEqual([]);
  });

  it('a repeating alert fires again only once its cool-down of market time is over', () => {
    const index = AlertIndex.of([record('again', 'below', '9.9', { cooldownMinutes: 15 })]);
    expect(fired(index, quote('9.80', '-2.00'))).toEqual(['again']);
    index.fired('again', T0);
    // 14:59 of market time later: still quiet.
    expect(fired(index, quote('9.70', '-3.00', { time: T0 + 15 * MINUTE - 1 }))).toEqual([]);
    // 15:00 later: fires again.
    expect(fired(index, quote('9.70', '-3.00', { time: T0 + 15 * MINUTE }))).toEqual(['again']);
    index.fired('again', T0 + 15 * MINUTE);
    expect(index.size).toBe(1);
  });

  it('a stored firing keeps a repeating alert quiet after a reload', () => {
    const index = AlertIndex.of([
      record('quiet', 'riseBy', '1', { cooldownMinutes: 30, lastFiredAt: new Date(T0 - 10 * MINUTE) }),
    ]);
    expect(fired(index, quote('10.50', '5.00'))).toEqual([]);
    expect(fired(index, quote('10.50', '5.00', { time: T0 + 20 * MINUTE }))).toEqual(['quiet']);
  });
});

describe('keeping the index in step', () => {
  it('puts, replaces and removes alerts among equal keys', () => {
    const index = AlertIndex.of([]);
    index.put(record('a', 'above', '10'));
    index.put(record('b', 'above', '10'));
    index.put(record('c', 'above', '12'));
    expect(fired(index, quote('10.00', '0.00'))).toEqual(['a', 'b']);

    const fresh = AlertIndex.of([]);
    for (const id of ['a', 'b', 'c']) fresh.put(record(id, 'above', id === 'c' ? '12' : '10'));
    // 'a' moves to 13; 'b' is deleted: only 'c' is left at 12.50.
    fresh.put(record('a', 'above', '13'));
    fresh.remove('b');
    expect(fresh.size).toBe(2);
    expect(fired(fresh, quote('12.50', '25.00', { limitUp: null }))).toEqual(['c']);
    expect(fired(fresh, quote('13.00', '30.00', { limitUp: null, time: T0 + 1 }))).toEqual(['a']);
  });

  it('names the feed shards its alerts need, and drops a shard with its last alert', () => {
    const index = AlertIndex.of([record('a', 'above', '10'), record('b', 'below', '9')]);
    const other = record('c', 'above', '10', { symbol: '000001' });
    index.put(other);
    expect(index.shards()).toEqual(new Set([feedShard('600000'), feedShard('000001')]));
    index.remove('a');
    index.remove('c');
    expect(index.shards()).toEqual(new Set([feedShard('600000')]));
    index.fired('b', T0); // a one-shot leaves the index once fired
    expect(AlertIndex.of([]).shards().size).toBe(0);
    expect(index.shards().size).toBe(0);
  });

  it('skips an alert whose stored threshold does not read as a number', () => {
    expect(AlertIndex.of([record('bad', 'above', 'x')]).size).toBe(0);
  });
});
