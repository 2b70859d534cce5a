import { randomUUID } from 'node:crypto';
import { mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openTestDatabase } from '../testing/testDatabase.ts';
import { loadConfig, MEMORY_DATA_DIR } from './config.ts';
import { type Database, openDatabase } from './database.ts';
import { createRedis } from './redis.ts';
import {
  databaseInstanceId,
  derivedRedisPrefix,
  namespaceOwnerKey,
  RedisNamespaceTakenError,
  resolveRedisPrefix,
} from './redisNamespace.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('derivedRedisPrefix', () => {
  it('is a short hash of the identity: another database or another directory is another namespace', () => {
    const prefix = derivedRedisPrefix('a1');
    expect(prefix).toMatch(/^bourse:[0-9a-f]{12}:$/);
    expect(derivedRedisPrefix('a1')).toBe(prefix);
    expect(derivedRedisPrefix('a2')).not.toBe(prefix);
    expect(derivedRedisPrefix('a1', '/srv/one/data')).not.toBe(derivedRedisPrefix('a1', '/srv/two/data'));
  });
});

describe.each(DB_KINDS)('the Redis namespace of a database on %s', (kind) => {
  const redis = createRedis(REDIS_URL);
  const explicit = `test:${randomUUID()}:`;
  const config = { ...loadConfig({}), dataDir: MEMORY_DATA_DIR };
  let one: Database;
  let two: Database;
  const claimed: string[] = [explicit];

  beforeAll(async () => {
    [one, two] = await Promise.all([openTestDatabase(kind), openTestDatabase(kind)]);
  });

  afterAll(async () => {
    if (claimed.length > 0) await redis.del(...claimed.map(namespaceOwnerKey));
    redis.disconnect();
    await Promise.all([one.close(), two.close()]);
  });

  it('gives each database an identity of its own, made on its first start', async () => {
    const [a, b] = [await databaseInstanceId(one.db), await databaseInstanceId(two.db)];
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
  });

  it('derives a namespace per database that its every process agrees on', async () => {
    const a = await resolveRedisPrefix(config, one, redis);
    const b = await resolveRedisPrefix(config, two, redis);
    claimed.push(a, b);
    expect(a).not.toBe(b);
    // A second process of the same deployment (a server replica, the workers) gets the same one.
    expect(await resolveRedisPrefix(config, one, redis)).toBe(a);
  });

  it('refuses a REDIS_PREFIX that another database holds, with what to do about it', async () => {
    const withPrefix = { ...config, redisPrefix: explicit };
    expect(await resolveRedisPrefix(withPrefix, one, redis)).toBe(explicit);
    const refused = resolveRedisPrefix(withPrefix, two, redis);
    await expect(refused).rejects.toBeInstanceOf(RedisNamespaceTakenError);
    await expect(refused).rejects.toThrow(/belong to another database[\s\S]*unset REDIS_PREFIX/);
    // Its owner goes on using it; a Redis that lost its keys is claimed again by whoever starts first.
    expect(await resolveRedisPrefix(withPrefix, one, redis)).toBe(explicit);
    await redis.del(namespaceOwnerKey(explicit));
    expect(await resolveRedisPrefix(withPrefix, two, redis)).toBe(explicit);
  });
});

describe('the Redis namespace of an embedded database on disk', () => {
  const redis = createRedis(REDIS_URL);
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'bourse-namespace-'));
  });

  afterAll(async () => {
    redis.disconnect();
    await rm(root, { recursive: true, force: true });
  });

  it('follows the real path of the data directory, not the name it is reached by', async () => {
    const dataDir = join(root, 'data');
    const database = await openDatabase({ dataDir });
    const link = join(root, 'link');
    await symlink(dataDir, link);
    try {
      const prefix = await resolveRedisPrefix({ ...loadConfig({}), dataDir }, database, redis);
      expect(await resolveRedisPrefix({ ...loadConfig({}), dataDir: link }, database, redis)).toBe(prefix);
      expect(prefix).toBe(derivedRedisPrefix(await databaseInstanceId(database.db), await realpath(dataDir)));
      await redis.del(namespaceOwnerKey(prefix));
    } finally {
      await database.close();
    }
  });
});
