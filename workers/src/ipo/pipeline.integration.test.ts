import { ipos } from '@bourse/core/ipo';
import { DB_KINDS, openTestDatabase } from '@bourse/core/market/history/testing';
import { type Database, logger } from '@bourse/core/platform';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fillPipeline, issuesOn, PIPELINE_DAYS_AHEAD, type PipelineMarket } from './pipeline.ts';

// Thu 2026-07-09; the five trading days after it run to Thu 07-16.
const T = '2026-07-09';
const market = async (): Promise<PipelineMarket> => ({
  codes: new Set<string>(),
  names: new Set<string>(),
  medianPrice: () => undefined,
});

describe.each(DB_KINDS)('the IPO pipeline on %s', (kind) => {
  let database: Database;

  beforeAll(async () => {
    logger.level = 'error';
    database = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await database.db.delete(ipos);
  });
  afterAll(async () => {
    await database.close();
  });

  const subscribingOn = async (date: string) =>
    (await database.db.select().from(ipos).where(eq(ipos.subscriptionDate, date))).length;

  it('fills the next five trading days, never today, once subscriptions have closed', async () => {
    await fillPipeline(database.db, T, market, false);
    expect(await subscribingOn(T)).toBe(0);
    const days = new Set((await database.db.select().from(ipos)).map((i) => i.subscriptionDate));
    expect(days.size).toBe(PIPELINE_DAYS_AHEAD);
  });

  it("opens a fresh market with today's issues while subscriptions are open, so a newcomer can subscribe", async () => {
    await fillPipeline(database.db, T, market, true);
    expect(await subscribingOn(T)).toBe(issuesOn(T));
    const days = new Set((await database.db.select().from(ipos)).map((i) => i.subscriptionDate));
    expect(days.size).toBe(PIPELINE_DAYS_AHEAD + 1);
  });

  it("never adds today's issues to a market that already has issues", async () => {
    await fillPipeline(database.db, T, market, false);
    await fillPipeline(database.db, T, market, true);
    expect(await subscribingOn(T)).toBe(0);
  });
});
