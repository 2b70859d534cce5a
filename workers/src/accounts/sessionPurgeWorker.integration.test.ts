import { randomUUID } from 'node:crypto';
import { type Database, loadConfig, logger } from '@bourse/core/platform';
import { createUser, openTestDatabase } from '@bourse/core/trading/testing';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteKeys, TEST_REDIS_URL } from '../market/testing/redis.ts';
import { sessionPurgeService } from './sessionPurgeWorker.ts';

// The purge's SQL is tested on both database kinds in the server; this checks the schedule.
describe('the session purge worker', () => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;

  beforeAll(async () => {
    logger.level = 'warn';
    database = await openTestDatabase('pglite');
    redis = new Redis(TEST_REDIS_URL);
  });

  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  const insertSession = (userId: string, expiresIn: string) =>
    database.db.execute(sql`
      insert into sessions (user_id, token_hash, expires_at)
      values (${userId}, ${randomUUID()}, now() + ${expiresIn}::interval)`);
  const expiresAts = async () =>
    (await database.db.query.sessions.findMany()).map((s) => s.expiresAt.getTime());

  it('deletes expired sessions on its schedule and keeps live ones', async () => {
    const userId = await createUser(database.db);
    await insertSession(userId, '-1 day');
    await insertSession(userId, '-1 minute');
    await insertSession(userId, '1 day');
    const running = await sessionPurgeService({ redisPrefix: prefix, everyMs: 200 }).start({
      config: loadConfig({}),
      database,
      redisUrl: TEST_REDIS_URL,
      redisPrefix: prefix,
    });
    try {
      await vi.waitFor(async () => expect(await expiresAts()).toHaveLength(1), {
        timeout: 30_000,
        interval: 50,
      });
    } finally {
      await running.stop();
    }
    expect((await expiresAts())[0]).toBeGreaterThan(Date.now());
  });
});
