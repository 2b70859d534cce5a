export { DEMO_ACCOUNT, seedDemoAccount } from '../accounts/demoAccount.ts';
export { type AppConfig, loadConfig } from './config.ts';
export type { PlatformContext } from './context.ts';
export { type Database, type Db, openDatabase } from './database.ts';
export { logger } from './logger.ts';
export { bullPrefix } from './queues.ts';
export { createRedis } from './redis.ts';
export {
  claimRedisNamespace,
  databaseInstanceId,
  derivedRedisPrefix,
  RedisNamespaceTakenError,
  resolveRedisPrefix,
} from './redisNamespace.ts';
