import type { AppConfig, Database } from '@bourse/core/platform';

export interface WorkerContext {
  config: AppConfig;
  database: Database;
  /** Each BullMQ worker and the feed open their own connections (BullMQ needs blocking ones). */
  redisUrl: string;
  /** The deployment's Redis namespace (resolveRedisPrefix): every key, channel, queue and lock behind it. */
  redisPrefix: string;
}

/** A long-running background service: a BullMQ worker group or the market feed. */
export interface BackgroundService {
  name: string;
  start(context: WorkerContext): Promise<{ stop(): Promise<void> }>;
}
