import type { AppConfig, Database } from '@bourse/core/platform';
import { Redis } from 'ioredis';

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

/** A service that reads Redis pub/sub: one connection for commands and one subscribed. */
export interface SubscribingWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A background service around a worker that subscribes (the matcher, the alert evaluator): it
 * opens the two connections, and closes them after the worker stops or fails to start.
 */
export function subscribingService(
  name: string,
  make: (context: WorkerContext, redis: Redis, subscriber: Redis) => SubscribingWorker,
): BackgroundService {
  return {
    name,
    async start(context) {
      const redis = new Redis(context.redisUrl, { maxRetriesPerRequest: null });
      const subscriber = redis.duplicate();
      const disconnect = () => {
        redis.disconnect();
        subscriber.disconnect();
      };
      const worker = make(context, redis, subscriber);
      try {
        await worker.start();
      } catch (err) {
        disconnect();
        throw err;
      }
      return {
        async stop() {
          await worker.stop();
          disconnect();
        },
      };
    },
  };
}
