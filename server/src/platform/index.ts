export { DEMO_ACCOUNT, seedDemoAccount } from '../accounts/demoAccount.ts';
export { seedStoreCatalogue } from '../store/seedCatalogue.ts';
export { seedPromoCodes } from '../store/seedPromoCodes.ts';
export { createApp } from './app.ts';
export type { AppOptions } from './appContext.ts';
export { type AppConfig, loadConfig } from './config.ts';
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
export { type RunningServer, startServer } from './server.ts';
