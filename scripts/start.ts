/**
 * `pnpm start`: the whole product in one process on embedded defaults — HTTP API, Socket.IO
 * gateway, the built client, BullMQ workers and the market feed. PGlite is single-process,
 * so embedded mode cannot split these; docker-compose.yml runs them as separate services.
 */
import {
  createRedis,
  loadConfig,
  logger,
  openDatabase,
  RedisNamespaceTakenError,
  resolveRedisPrefix,
  seedDemoAccount,
} from '@bourse/core/platform';
import { RedisUnavailableError, resolveRedis } from '@bourse/core/platform/localRedis';
import { seedPromoCodes, seedStoreCatalogue, startServer } from '@bourse/server';
import { startWorkers } from '@bourse/workers';

type Stop = () => Promise<void>;
const stops: { name: string; stop: Stop }[] = [];

async function shutdown(code: number): Promise<never> {
  // Stop in reverse order of start: workers before the server, the database and Redis last.
  for (const { name, stop } of stops.reverse()) {
    try {
      await stop();
    } catch (error) {
      logger.error({ err: error }, `stopping ${name} failed`);
    }
  }
  process.exit(code);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1); // a second Ctrl-C does not wait
    stopping = true;
    console.log('\nStopping Bourse…');
    void shutdown(0);
  });
}

function describeDatabase(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `embedded PGlite in ${dataDir}`;
  const url = new URL(databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

async function main(): Promise<void> {
  const config = loadConfig();

  let redis: Awaited<ReturnType<typeof resolveRedis>>;
  try {
    redis = await resolveRedis();
  } catch (error) {
    if (error instanceof RedisUnavailableError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  stops.push({ name: 'private redis-server', stop: redis.stop });

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  stops.push({ name: 'database', stop: () => database.close() });

  const redisClient = createRedis(redis.url);
  stops.push({ name: 'redis client', stop: async () => void (await redisClient.quit()) });

  // Another checkout on the same Redis gets a namespace of its own (docs/adr/0013).
  let redisPrefix: string;
  try {
    redisPrefix = await resolveRedisPrefix(config, database, redisClient);
  } catch (error) {
    if (error instanceof RedisNamespaceTakenError) {
      console.error(error.message);
      return shutdown(1);
    }
    throw error;
  }

  const demo = await seedDemoAccount(
    database,
    config.demoMode ? { startingDeposit: config.startingDeposit } : {},
  );
  // The storefront's demo shops and products, on first start only (docs/adr/0015).
  await seedStoreCatalogue(database);
  await seedPromoCodes(database);
  const server = await startServer({ config, database, redis: redisClient, redisPrefix });
  stops.push({ name: 'server', stop: server.close });

  const workers = await startWorkers({ config, database, redisUrl: redis.url, redisPrefix });
  stops.push({ name: 'workers', stop: workers.stop });

  const redisLabel = {
    REDIS_URL: 'REDIS_URL',
    local: 'redis-server on 127.0.0.1:6379',
    private: `private redis-server (${redis.url}), stopped on exit`,
  }[redis.source];
  console.log(
    [
      '',
      `Bourse is running${config.demoMode ? ' in demo mode (simulated market, paper money)' : ''}.`,
      `  Open:     http://localhost:${server.port}`,
      `  Demo:     account ${demo.account} / password ${demo.password}`,
      `  Database: ${describeDatabase(config.databaseUrl, config.dataDir)}`,
      `  Redis:    ${redisLabel}, keys under ${redisPrefix}`,
      `  Workers:  ${workers.names.length ? workers.names.join(', ') : 'none'}`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch(async (error: unknown) => {
  logger.fatal({ err: error }, 'Bourse failed to start');
  await shutdown(1);
});
