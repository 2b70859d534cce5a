import {
  createRedis,
  loadConfig,
  logger,
  openDatabase,
  resolveRedisPrefix,
  seedDemoAccount,
} from '@bourse/core/platform';
import { seedStoreCatalogue } from '@bourse/core/store/seedCatalogue.ts';
import { seedPromoCodes } from '@bourse/core/store/seedPromoCodes.ts';
import { startServer } from './platform/server.ts';

/**
 * One server replica (docker-compose, `pnpm --filter @bourse/server start`). Needs a reachable
 * Redis at REDIS_URL; the root `pnpm start` runs the whole product instead.
 */
const config = loadConfig();
const database = await openDatabase(config);
const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
if (config.demoMode) {
  const demo = await seedDemoAccount(database, { startingDeposit: config.startingDeposit });
  logger.info({ account: demo.account, password: demo.password }, 'demo account');
  await seedStoreCatalogue(database);
  await seedPromoCodes(database);
}
const redisPrefix = await resolveRedisPrefix(config, database, redis);
logger.info({ redisPrefix }, 'redis namespace');
const server = await startServer({ config, database, redis, redisPrefix });

async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, 'shutting down');
  await server.close();
  await database.close();
  redis.disconnect();
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
