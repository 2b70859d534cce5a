import { describe, expect, it } from 'vitest';
import { BLOCK_TRADE_RULES } from './blockTrade.ts';
import { assertIsoDate } from './dates.ts';
import { FEE_SCHEDULES } from './fees.ts';
import { IPO_RULES } from './ipo.ts';
import { DRAGON_TIGER_THRESHOLDS } from './lists.ts';
import { LOT_RULES } from './orders.ts';
import { PRICE_CAGES } from './priceCage.ts';
import { PRICE_BANDS } from './prices.ts';
import { AFTER_HOURS_FIXED_PRICE, SESSION_SCHEDULES } from './sessions.ts';
import { SETTLEMENT_RULES } from './settlement.ts';
import { inForce, type Versioned } from './versioned.ts';

describe('inForce', () => {
  const versions = [
    { effectiveFrom: '2020-01-01', v: 1 },
    { effectiveFrom: '2026-07-06', v: 2 },
  ];

  it.each([
    ['2020-01-01', 1],
    ['2026-07-05', 1],
    ['2026-07-06', 2],
    ['2030-01-01', 2],
  ])('on %s picks version %i', (date, v) => {
    expect(inForce(versions, date, 'test').v).toBe(v);
  });

  it('refuses dates before the first version and malformed dates', () => {
    expect(() => inForce(versions, '2019-12-31', 'test')).toThrow('no test rule encoded for 2019-12-31');
    expect(() => inForce(versions, '2026-13-01', 'test')).toThrow(RangeError);
  });
});

const TABLES: [string, readonly Versioned[]][] = [
  ['FEE_SCHEDULES', FEE_SCHEDULES],
  ['IPO_RULES', IPO_RULES],
  ['SESSION_SCHEDULES', SESSION_SCHEDULES],
  ['SETTLEMENT_RULES', SETTLEMENT_RULES],
  ...Object.entries({
    PRICE_BANDS,
    PRICE_CAGES,
    AFTER_HOURS_FIXED_PRICE,
    LOT_RULES,
    DRAGON_TIGER_THRESHOLDS,
    BLOCK_TRADE_RULES,
  }).flatMap(([name, table]) =>
    Object.entries(table).map(([key, versions]): [string, readonly Versioned[]] => [
      `${name}.${key}`,
      versions,
    ]),
  ),
];

describe('rule tables', () => {
  it.each(TABLES)('%s lists real dates, oldest first', (_, versions) => {
    expect(versions.length).toBeGreaterThan(0);
    for (const { effectiveFrom } of versions) assertIsoDate(effectiveFrom);
    const dates = versions.map((v) => v.effectiveFrom);
    expect([...new Set(dates)].sort()).toEqual(dates);
  });
});
