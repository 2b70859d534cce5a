/**
 * One background service of the workers package in a process of its own, as docker-compose runs
 * them: BENCH_SERVICE=feed is the market feed (`workers --only feed`), BENCH_SERVICE=matcher the
 * resting-order matcher (of `workers --except feed`). PostgreSQL at DATABASE_URL, Redis at
 * REDIS_URL under REDIS_PREFIX. The feed runs on the demo clock without history backfill: the
 * benchmark needs the live day only. Speaks the benchChild protocol (port 0: it serves nothing).
 */
import { loadConfig, openDatabase } from '@bourse/core/platform';
import { serveParent } from '../../server/src/market/testing/benchChild.ts';
// Internal imports: the workers package exports only the registered services.
import { type BackgroundService, startWorkers } from '../../workers/src/index.ts';
import { feedService } from '../../workers/src/market/feedService.ts';
import { matcherService } from '../../workers/src/trading/matcher.ts';

const redisPrefix = process.env.REDIS_PREFIX!;
const services: Record<string, BackgroundService> = {
  feed: feedService({ redisPrefix, clock: 'demo', backfillDays: 0, backfillMinuteDays: 0 }),
  matcher: matcherService({ redisPrefix }),
};
const service = services[process.env.BENCH_SERVICE ?? ''];
if (!service) throw new Error(`BENCH_SERVICE must be one of ${Object.keys(services).join(', ')}`);

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const running = await startWorkers({ config, database, redisUrl: process.env.REDIS_URL!, redisPrefix }, [
  service,
]);

serveParent(
  0,
  () => 0,
  async () => {
    await running.stop();
    await database.close();
  },
);
