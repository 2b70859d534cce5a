/**
 * The workers process of docker-compose.yml: `--only feed` runs the market feed alone,
 * `--except feed` every BullMQ worker group. `pnpm start` runs them in-process instead.
 */
import { parseArgs } from 'node:util';
import { createRedis, loadConfig, logger, openDatabase, resolveRedisPrefix } from '@bourse/core/platform';
import { writeHeartbeat } from './heartbeat.ts';
import { SERVICES, startWorkers } from './index.ts';

const { values } = parseArgs({ options: { only: { type: 'string' }, except: { type: 'string' } } });
const config = loadConfig();
const redisUrl = process.env.REDIS_URL;
if (!config.databaseUrl || !redisUrl) {
  // PGlite lives inside one process; a separate workers process needs a shared PostgreSQL.
  logger.fatal(
    'workers/src/main.ts needs DATABASE_URL and REDIS_URL; for one process on embedded defaults use `pnpm start`.',
  );
  process.exit(1);
}

const only = values.only?.split(',');
const except = values.except?.split(',') ?? [];
const services = SERVICES.filter((s) => (!only || only.includes(s.name)) && !except.includes(s.name));

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const redis = createRedis(redisUrl);
const redisPrefix = await resolveRedisPrefix(config, database, redis);
redis.disconnect();
const workers = await startWorkers({ config, database, redisUrl, redisPrefix }, services);
logger.info({ services: workers.names, redisPrefix }, 'workers started');
const heartbeat = setInterval(writeHeartbeat, 5_000);
writeHeartbeat();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    clearInterval(heartbeat);
    await workers.stop();
    await database.close();
    process.exit(0);
  });
}
