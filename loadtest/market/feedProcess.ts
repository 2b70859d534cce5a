/**
 * The real market feed (workers' `feed` service, the simulator on the demo clock) as its own
 * process, on an in-memory database, publishing under REDIS_PREFIX. No history backfill: the
 * benchmark needs the live ticks only. Speaks the benchChild protocol (port 0: it serves nothing).
 */
import { loadConfig, openDatabase } from '@bourse/core/platform';
// Internal imports: the workers package exports only the registered services.
import { serveParent } from '../../server/src/market/testing/benchChild.ts';
import { feedService } from '../../workers/src/market/feedService.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const feed = await feedService({
  redisPrefix: process.env.REDIS_PREFIX!,
  backfillDays: 0,
  backfillMinuteDays: 0,
}).start({ config, database, redisUrl: process.env.REDIS_URL!, redisPrefix: process.env.REDIS_PREFIX! });

serveParent(
  0,
  () => 0,
  async () => {
    await feed.stop();
    await database.close();
  },
);
