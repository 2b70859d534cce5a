/**
 * One server replica as its own process, for the multi-process fan-out test and the benchmarks:
 * the real startServer on an in-memory database, Redis at REDIS_URL under REDIS_PREFIX. Speaks
 * the benchChild protocol: its port when ready, CPU and RSS on request, exit with the parent.
 */
import { loadConfig, MEMORY_DATA_DIR } from '@bourse/core/platform/config.ts';
import { openDatabase } from '@bourse/core/platform/database.ts';
import { createRedis } from '@bourse/core/platform/redis.ts';
import { startServer } from '../../platform/server.ts';
import { serveParent } from './benchChild.ts';

const config = { ...loadConfig(), port: 0, dataDir: MEMORY_DATA_DIR };
const database = await openDatabase(config);
const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const server = await startServer({ config, database, redis, redisPrefix: process.env.REDIS_PREFIX! });

serveParent(
  server.port,
  () => server.market.watchers().quotes,
  async () => {
    await server.close();
    redis.disconnect();
    await database.close();
  },
);
