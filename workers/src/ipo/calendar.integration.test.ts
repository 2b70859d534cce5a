import { randomUUID } from 'node:crypto';
import {
  allotmentQueue,
  createIpo,
  holdingSnapshots,
  ipoAllotments,
  ipoSubscriptions,
  ipos,
  snapshotHoldings,
} from '@bourse/core/ipo';
import { storeDayBars } from '@bourse/core/market/history';
import { DB_KINDS, openTestDatabase } from '@bourse/core/market/history/testing';
import { type Database, type Db, loadConfig, logger } from '@bourse/core/platform';
import { allPositions, auditLedger, createUser, deposit, MarketDouble } from '@bourse/core/trading/testing';
import { ALLOTMENT_JOBS, type DayBar, Dec, type MarketPhase } from '@bourse/shared';
import { and, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allotmentService } from '../allotment/allotmentWorker.ts';
import { deleteKeys, TEST_REDIS_URL } from '../market/testing/redis.ts';
import { calendarTick } from './calendar.ts';
import { ipoCalendarService } from './calendarWorker.ts';
import { PIPELINE_DAYS_AHEAD } from './pipeline.ts';

// T Thu 2026-07-09, T+1 Fri 07-10, T+2 Mon 07-13, listing Thu 07-16
const T = '2026-07-09';
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+08:00`);

async function statusOf(db: Db, code: string) {
  const [row] = await db.select().from(ipos).where(eq(ipos.code, code));
  return row;
}

async function countMessages(db: Db, kind: string, code: string): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from messages where kind = ${kind} and params->>'symbol' = ${code}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

describe.each(DB_KINDS)('the IPO calendar on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;
  let market: MarketDouble;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    logger.level = 'error';
    database = await openTestDatabase(kind);
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    market = new MarketDouble(redis, prefix);
  });

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database?.close();
  });

  const marketAt = (tradingDate: string, hhmm: string, phase: MarketPhase = 'continuous') =>
    market.status({ tradingDate, time: at(tradingDate, hhmm), phase });
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 100 });

  it('runs an issue from upcoming to listed: subscription, draw, payment with a shortfall, positions', async () => {
    const { db } = database;
    const ipo = await createIpo(db, {
      code: '687701',
      name: '星河科技',
      price: '12.34',
      // Undersubscribed: every unit subscribed wins.
      onlineShares: 10_000_000,
      subscriptionDate: T,
    });
    const rich = await createUser(db);
    const poor = await createUser(db);
    await db.transaction((tx) => deposit(tx, rich, new Dec(100_000), T));
    // 13,000 pays for two units of 500 × 12.34 = 6,170 and not a third.
    await db.transaction((tx) => deposit(tx, poor, new Dec(13_000), T));

    await marketAt(T, '09:00', 'preOpen');
    const context = { config: loadConfig({}), database, redisUrl: TEST_REDIS_URL, redisPrefix: prefix };
    for (const service of [
      allotmentService({ redisPrefix: prefix, chunkSize: 1 }),
      ipoCalendarService({ redisPrefix: prefix, tickMs: 150 }),
    ]) {
      stops.push((await service.start(context)).stop);
    }

    // The pipeline fills the next five trading days; the issue waits for 09:30.
    await eventually(async () => {
      const upcoming = await db.select().from(ipos).where(sql`${ipos.pipelineSlot} is not null`);
      expect(upcoming.length).toBeGreaterThanOrEqual(PIPELINE_DAYS_AHEAD);
    });
    expect((await statusOf(db, '687701'))?.status).toBe('upcoming');

    await marketAt(T, '10:00');
    await eventually(async () => expect((await statusOf(db, '687701'))?.status).toBe('subscribing'));
    await db.insert(ipoSubscriptions).values([
      { ipoId: ipo.id, userId: rich, units: 2 },
      { ipoId: ipo.id, userId: poor, units: 4 },
    ]);

    await marketAt(T, '15:05', 'closed');
    await eventually(async () => expect((await statusOf(db, '687701'))?.status).toBe('awaiting_allotment'));

    // T+1: the batch draws; undersubscribed, so both win all they asked for.
    await marketAt('2026-07-10', '10:00');
    await eventually(async () => expect((await statusOf(db, '687701'))?.status).toBe('awaiting_payment'));
    const won = await db.select().from(ipoAllotments).where(eq(ipoAllotments.ipoId, ipo.id));
    expect(won.map((w) => [w.userId, w.wonUnits]).sort()).toEqual(
      [
        [rich, 2],
        [poor, 4],
      ].sort(),
    );
    expect(await countMessages(db, 'allotmentResult', '687701')).toBe(2);

    // T+2 morning: reminders, once however many ticks pass.
    await marketAt('2026-07-13', '10:00');
    await eventually(async () => expect((await statusOf(db, '687701'))?.paymentNotifiedAt).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await countMessages(db, 'paymentDue', '687701')).toBe(2);

    // 16:00 cut-off: the rich pay 12,340.00; the poor pay two units and abandon two.
    await marketAt('2026-07-13', '16:05', 'closed');
    await eventually(async () => expect((await statusOf(db, '687701'))?.status).toBe('awaiting_listing'));
    const paid = await db.select().from(ipoAllotments).where(eq(ipoAllotments.ipoId, ipo.id));
    const byUser = new Map(paid.map((p) => [p.userId, p]));
    expect(byUser.get(rich)).toMatchObject({ paidUnits: 2, paidAmount: '12340.00' });
    expect(byUser.get(poor)).toMatchObject({ paidUnits: 2, paidAmount: '12340.00' });
    expect(await countMessages(db, 'paymentResult', '687701')).toBe(2);
    expect(await auditLedger(db)).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
    const cash = await db.execute(
      sql`select a.user_id, a.balance from ledger_accounts a where a.kind = 'available' and a.user_id in (${rich}, ${poor})`,
    );
    const balances = new Map(
      (cash as unknown as { rows: { user_id: string; balance: string }[] }).rows.map((r) => [
        r.user_id,
        new Dec(r.balance),
      ]),
    );
    expect(balances.get(rich)?.toFixed(2)).toBe('87660.00');
    expect(balances.get(poor)?.toFixed(2)).toBe('660.00');

    // Listing day: the paid shares are positions at the issue price.
    await marketAt('2026-07-16', '09:35');
    await eventually(async () => expect((await statusOf(db, '687701'))?.status).toBe('listed'));
    const held = (await allPositions(db)).filter((p) => p.symbol === '687701');
    expect(held.map((p) => [p.userId, p.quantity, p.cost]).sort()).toEqual(
      [
        [rich, 1_000, '12340.00'],
        [poor, 1_000, '12340.00'],
      ].sort(),
    );
  }, 120_000);

  it("values each account's stock holdings per exchange at the day's close", async () => {
    const { db } = database;
    const date = '2026-07-08';
    const user = await createUser(db);
    const close = (cents: number): DayBar => ({
      tradingDate: date,
      prevClose: cents,
      open: cents,
      high: cents,
      low: cents,
      close: cents,
      volume: 100,
      turnover: cents * 100,
      turnoverRate: 1,
    });
    await storeDayBars(db, [
      { symbol: '604000', bar: close(1_050) },
      { symbol: '004001', bar: close(2_000) },
      { symbol: '510050', bar: close(300) },
    ]);
    const position = (symbol: string, quantity: number, cost: string) =>
      sql`(${user}, ${symbol}, ${symbol}, ${quantity}, ${cost}, ${date}, ${quantity})`;
    await db.execute(sql`
      insert into positions (user_id, symbol, name, quantity, cost, day_date, day_open_quantity) values
      ${sql.join(
        [
          position('604000', 1_000, '9000.00'), // SSE 1,000 × 10.50 = 10,500
          position('687702', 500, '6170.00'), // SSE, no bar (not traded): at cost 6,170
          position('004001', 300, '5000.00'), // SZSE 300 × 20.00 = 6,000
          position('510050', 10_000, '3000.00'), // a fund: not counted
        ],
        sql`, `,
      )}`);
    expect(await snapshotHoldings(db, date)).not.toBeNull();
    expect(await snapshotHoldings(db, date)).not.toBeNull();
    const rows = await db
      .select({ exchange: holdingSnapshots.exchange, value: holdingSnapshots.marketValue })
      .from(holdingSnapshots)
      .where(and(eq(holdingSnapshots.userId, user), eq(holdingSnapshots.tradingDate, date)));
    expect(rows.sort((a, b) => a.exchange.localeCompare(b.exchange))).toEqual([
      { exchange: 'SSE', value: '16670.00' },
      { exchange: 'SZSE', value: '6000.00' },
    ]);
    expect(await snapshotHoldings(db, '2026-07-07')).toBeNull();
  });
});

describe('the IPO calendar when back office starts every allotment run', () => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  });

  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database?.close();
  });

  it('leaves an issue awaiting allotment on T+1 until back office runs it', async () => {
    const { db } = database;
    const ipo = await createIpo(db, {
      code: '687709',
      name: '星河手动',
      price: '10.00',
      onlineShares: 1_000_000,
      subscriptionDate: T,
    });
    await db.update(ipos).set({ status: 'awaiting_allotment' }).where(eq(ipos.id, ipo.id));
    const queues = allotmentQueue(redis, prefix);
    const deps = {
      db,
      calendarQueue: queues,
      allotmentQueue: queues,
      publish: () => undefined,
      pipelineMarket: async () => ({
        codes: new Set(['687709']),
        names: new Set<string>(),
        medianPrice: () => undefined,
      }),
    };
    const friday = {
      tradingDate: '2026-07-10',
      minute: 10 * 60,
      at: Date.parse('2026-07-10T10:00:00+08:00'),
    };

    // The calendar's own jobs (the holdings snapshot) share this queue here: count plans only.
    const plansWaiting = async () =>
      (await queues.getJobs(['wait'])).filter((job) => job.name === ALLOTMENT_JOBS.plan).length;

    await calendarTick({ ...deps, autoAllotment: false }, friday);
    expect(await statusOf(db, '687709')).toMatchObject({ status: 'awaiting_allotment', batchRun: 0 });
    expect(await plansWaiting()).toBe(0);

    await calendarTick(deps, friday);
    expect(await statusOf(db, '687709')).toMatchObject({ status: 'awaiting_allotment', batchRun: 1 });
    expect(await plansWaiting()).toBe(1);
    await queues.close();
  });
});
