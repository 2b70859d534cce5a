/**
 * A matcher in a process of its own, for the restart test: the real Matcher on PostgreSQL at
 * DATABASE_URL and Redis at REDIS_URL under REDIS_PREFIX. Tells its parent over IPC once it
 * holds every shard and after each trades message it finished; exits when the parent goes away.
 */

import { loadConfig, openDatabase } from '@bourse/core/platform';
import { FEED_SHARDS } from '@bourse/shared';
import { Redis } from 'ioredis';
import { Matcher } from '../matcher.ts';

const database = await openDatabase(loadConfig());
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
const matcher = new Matcher(database, redis, redis.duplicate(), {
  redisPrefix: process.env.REDIS_PREFIX!,
  lockTtlMs: Number(process.env.LOCK_TTL_MS ?? 1_000),
});
await matcher.start();
const waitForShards = setInterval(() => {
  if (matcher.shards().length < FEED_SHARDS) return;
  clearInterval(waitForShards);
  process.send?.({ type: 'held' });
}, 50);
process.once('disconnect', async () => {
  await matcher.stop();
  redis.disconnect();
  await database.close();
  process.exit(0);
});
