/**
 * A feed in a process of its own, for the failover test: the feed service on PostgreSQL at
 * DATABASE_URL and Redis at REDIS_URL under REDIS_PREFIX, settings from the FEED_* variables.
 * Tells its parent over IPC once it stands by and once it is the active feed; stops when the
 * parent goes away.
 */
import { loadConfig, openDatabase } from '@bourse/core/platform';
import { Redis } from 'ioredis';
import { feedOptionsFromEnv } from '../feedOptions.ts';
import { FeedSupervisor } from '../feedService.ts';

const config = loadConfig();
const database = await openDatabase(config);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
const redisPrefix = process.env.REDIS_PREFIX!;
const options = feedOptionsFromEnv(process.env, database.kind, redisPrefix);
const supervisor = new FeedSupervisor({ config, database, redisUrl, redisPrefix }, redis, options);
await supervisor.start();
process.send?.({ type: 'started' });
const watch = setInterval(() => {
  if (!supervisor.isActive) return;
  clearInterval(watch);
  process.send?.({ type: 'active' });
}, 20);
process.once('disconnect', async () => {
  clearInterval(watch);
  await supervisor.stop();
  redis.disconnect();
  await database.close();
  process.exit(0);
});
