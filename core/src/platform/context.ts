import type { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import type { Db } from './database.ts';

/**
 * What domain services need of the process they run in: the server's AppContext and the
 * workers' contexts both carry it, so the domain depends on neither edge.
 */
export interface PlatformContext {
  config: AppConfig;
  db: Db;
  redis: Redis;
  /** Prefix of every Redis key and channel this process reads and writes (resolveRedisPrefix). */
  redisPrefix: string;
}
