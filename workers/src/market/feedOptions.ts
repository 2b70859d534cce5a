import { DEFAULT_DEMO_CYCLE_MS } from '@bourse/shared';
import { z } from 'zod';

export interface FeedOptions {
  /** demo: trading days around the clock (the default); exchange: the real calendar in Asia/Shanghai. */
  clock: 'demo' | 'exchange';
  /** Real ms a demo trading day lasts (FEED_DEMO_CYCLE_MS; DEFAULT_DEMO_CYCLE_MS unless set). */
  demoCycleMs?: number;
  seed: string;
  /** Listings simulated; tests use fewer. */
  symbols: number;
  /** Real ms between publishes. */
  publishIntervalMs: number;
  /** The feed lock's lifetime: a standby takes over at most this long after the active feed dies. */
  lockTtlMs: number;
  /** Real ms between checkpoints of the simulation, from which a standby resumes the day. */
  checkpointMs: number;
  /** How often the status is republished when nothing changes. */
  heartbeatMs: number;
  /** Trading days of 1-minute bars kept in PostgreSQL; day bars are kept forever. */
  minuteRetentionDays: number;
  /** History made up on first start so charts have a past: trading days of day bars, and of minute bars. */
  backfillDays: number;
  backfillMinuteDays: number;
  /** Prefix of every Redis key (the server's redisPrefix). */
  redisPrefix: string;
  /**
   * FEED_TEST_CLOCK: the e2e harness steps the demo clock through Redis (testClock.ts) instead of
   * waiting for the market's phases; refused when NODE_ENV is production.
   */
  testClock: boolean;
}

const envSchema = z.object({
  FEED_CLOCK: z.enum(['demo', 'exchange']).default('demo'),
  FEED_DEMO_CYCLE_MS: z.coerce.number().int().min(60_000).max(86_400_000).default(DEFAULT_DEMO_CYCLE_MS),
  FEED_SEED: z.string().min(1).default('42'),
  FEED_SYMBOLS: z.coerce.number().int().min(50).max(5000).default(5000),
  FEED_PUBLISH_MS: z.coerce.number().int().min(50).max(10_000).default(500),
  FEED_LOCK_TTL_MS: z.coerce.number().int().min(500).max(60_000).default(5000),
  FEED_CHECKPOINT_MS: z.coerce.number().int().min(500).max(60_000).default(2000),
  MARKET_MINUTE_RETENTION_DAYS: z.coerce.number().int().min(1).max(250).optional(),
  FEED_BACKFILL_DAYS: z.coerce.number().int().min(0).max(500).default(120),
  FEED_BACKFILL_MINUTE_DAYS: z.coerce.number().int().min(0).max(20).default(3),
  FEED_TEST_CLOCK: z.enum(['true', 'false']).default('false'),
  NODE_ENV: z.string().optional(),
});

/**
 * The feed's settings from the environment. The embedded database keeps 10 days of minute
 * bars (about 11 MB a trading day on disk, and the demo clock makes some 90 a real day), PostgreSQL 20.
 */
export function feedOptionsFromEnv(
  env: NodeJS.ProcessEnv,
  databaseKind: 'pglite' | 'postgres',
  redisPrefix: string,
): FeedOptions {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid feed environment: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const testClock = e.FEED_TEST_CLOCK === 'true';
  if (testClock && (e.NODE_ENV === 'production' || e.FEED_CLOCK !== 'demo'))
    throw new Error(
      'Invalid feed environment: FEED_TEST_CLOCK is for tests of the demo clock, never production',
    );
  return {
    clock: e.FEED_CLOCK,
    demoCycleMs: e.FEED_DEMO_CYCLE_MS,
    seed: e.FEED_SEED,
    symbols: e.FEED_SYMBOLS,
    publishIntervalMs: e.FEED_PUBLISH_MS,
    lockTtlMs: e.FEED_LOCK_TTL_MS,
    checkpointMs: e.FEED_CHECKPOINT_MS,
    heartbeatMs: 3000,
    minuteRetentionDays: e.MARKET_MINUTE_RETENTION_DAYS ?? (databaseKind === 'pglite' ? 10 : 20),
    backfillDays: e.FEED_BACKFILL_DAYS,
    backfillMinuteDays: e.FEED_BACKFILL_MINUTE_DAYS,
    redisPrefix,
    testClock,
  };
}
