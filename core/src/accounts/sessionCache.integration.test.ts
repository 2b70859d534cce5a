import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/database.ts';
import { deleteKeys } from '../testing/redis.ts';
import { openTestDatabase } from '../testing/testDatabase.ts';
import { createUser } from '../trading/testing/serviceDeps.ts';
import { SessionCache } from './sessionCache.ts';
import { authenticateCached, createSession, revokeSession, type SessionStore } from './sessions.ts';
import { hashSessionToken } from './tokens.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('sessions through the Redis cache', () => {
  let database: Database;
  let redis: Redis;
  const prefix = `test:sessions:${randomUUID()}:`;
  /** Two replicas: each its own cache object over the one Redis and database. */
  let replicaA: SessionStore;
  let replicaB: SessionStore;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    replicaA = { db: database.db, cache: new SessionCache(redis, prefix) };
    replicaB = { db: database.db, cache: new SessionCache(redis, prefix) };
  });

  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  const newSession = async () => {
    const userId = await createUser(database.db);
    const token = await createSession(database.db, userId);
    return { userId, token, hash: hashSessionToken(token) };
  };

  it('keeps a session read from the database, and answers it from Redis after that', async () => {
    const { userId, token, hash } = await newSession();
    expect(await replicaA.cache.read(hash)).toBeUndefined();
    expect((await authenticateCached(replicaA, token)).userId).toBe(userId);
    await expect.poll(() => replicaB.cache.read(hash)).toMatchObject({ userId, role: 'user' });
    // The other replica answers from the cache alone: with no database it still knows the session.
    const noDatabase = { db: undefined as never, cache: replicaB.cache };
    expect((await authenticateCached(noDatabase, token)).userId).toBe(userId);
  });

  it('refuses at once on every replica after a logout on one', async () => {
    const { token } = await newSession();
    await authenticateCached(replicaA, token);
    await authenticateCached(replicaB, token);
    const session = await authenticateCached(replicaA, token);
    await replicaA.cache.revoke(await revokeSession(database.db, session.id));
    await expect(authenticateCached(replicaB, token)).rejects.toMatchObject({ key: 'auth.sessionExpired' });
    await expect(authenticateCached(replicaA, token)).rejects.toMatchObject({ key: 'auth.sessionExpired' });
  });

  it('never lets a read that raced a revocation put the session back', async () => {
    const { token, hash, userId } = await newSession();
    // Read live from the database just before the revocation, kept just after its tombstone.
    const session = await authenticateCached({ db: database.db, cache: replicaB.cache }, token);
    await redis.del(`${prefix}session:${hash}`);
    await replicaA.cache.revoke(await revokeSession(database.db, session.id));
    await replicaB.cache.remember(hash, { ...session, userId, expiresAt: Date.now() + 60_000 });
    expect(await replicaB.cache.read(hash)).toBe('revoked');
    await expect(authenticateCached(replicaB, token)).rejects.toMatchObject({ key: 'auth.sessionExpired' });
  });

  it('reads the database when Redis cannot be reached', async () => {
    const { token, userId } = await newSession();
    const broken = redis.duplicate({ lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    const store = { db: database.db, cache: new SessionCache(broken, prefix) };
    expect((await authenticateCached(store, token)).userId).toBe(userId);
    await expect(authenticateCached(store, 'x'.repeat(10))).rejects.toMatchObject({
      key: 'auth.sessionExpired',
    });
    broken.disconnect();
  });
});
