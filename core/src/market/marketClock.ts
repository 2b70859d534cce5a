/**
 * The server's one source of market time, for code that stamps records. The feed publishes its
 * demo clock with the market status, so any replica computes the same market time for any real
 * instant; on the exchange calendar market time is Asia/Shanghai wall time, i.e. real time.
 */
import { type DemoClockState, type DemoTimeline, demoTimeline, type MarketStatus } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { MARKET_AT_SETTING } from '../db/marketAt.ts';
import type { Db } from '../platform/database.ts';

let cached: { state: DemoClockState; timeline: DemoTimeline } | undefined;

function timelineOf(state: DemoClockState): DemoTimeline {
  const same =
    cached?.state.anchor === state.anchor &&
    cached.state.firstDate === state.firstDate &&
    cached.state.cycleMs === state.cycleMs;
  if (!same || !cached) cached = { state, timeline: demoTimeline(state) };
  return cached.timeline;
}

/**
 * Market time (ms since the epoch) at the real instant `wall`: the demo clock's when the status
 * carries one; a simulation without one (a stepped test clock) stands at its latest data's time;
 * otherwise real time.
 */
export function marketTimeOf(status: MarketStatus | null, wall = Date.now()): number {
  if (status?.clock) return timelineOf(status.clock).marketAt(wall);
  if (status?.simulated) return status.time;
  return wall;
}

/** A record's market time as the API shows it; rows from before market_at existed show their created_at. */
export const marketAtText = (row: { marketAt: Date | null; createdAt: Date }) =>
  (row.marketAt ?? row.createdAt).toISOString();

/**
 * Makes every row the transaction writes from here on carry `at` as its market time (the
 * market_at columns' default; db/marketAt.ts). Call it first in a transaction about trading.
 */
export async function stampMarketTime(tx: Db, at: number): Promise<void> {
  await tx.execute(sql`select set_config(${MARKET_AT_SETTING}, ${new Date(at).toISOString()}, true)`);
}
