/**
 * One database, one Redis namespace (docs/adr/0013). Every key, pub/sub channel, BullMQ queue
 * and lock of a deployment sits behind its prefix, so the prefix decides what is shared: two
 * installs on one Redis, or a fresh database on an old Redis, must never see each other's
 * jobs, quotes or locks.
 */
import { createHash, randomUUID } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import type { Redis } from 'ioredis';
import { databaseInstance } from '../db/schema.ts';
import { type AppConfig, MEMORY_DATA_DIR } from './config.ts';
import type { Database, Db } from './database.ts';

/**
 * The database's random identity, made by whichever process asks first. It is made on first
 * use rather than by the migration, so a database copied from a migrated template (as tests
 * do) is still an identity of its own; the singleton key lets replicas starting together
 * agree on one.
 */
export async function databaseInstanceId(db: Db): Promise<string> {
  await db
    .insert(databaseInstance)
    .values({ id: randomUUID().replaceAll('-', '') })
    .onConflictDoNothing();
  const [row] = await db.select({ id: databaseInstance.id }).from(databaseInstance);
  if (!row) throw new Error('database_instance is empty: the database was not migrated');
  return row.id;
}

/**
 * `bourse:<12 hex>:` from the database's identity, and for the embedded database from the real
 * path of its directory too: a copied `./data` is another install with a namespace of its own.
 */
export function derivedRedisPrefix(instanceId: string, embeddedDir?: string): string {
  const identity = embeddedDir === undefined ? instanceId : `${instanceId}\n${embeddedDir}`;
  return `bourse:${createHash('sha256').update(identity).digest('hex').slice(0, 12)}:`;
}

/** The namespace holds another database's state: starting on it would mix the two. */
export class RedisNamespaceTakenError extends Error {
  constructor(prefix: string, owner: string, instanceId: string) {
    super(
      [
        `Redis keys under REDIS_PREFIX="${prefix}" belong to another database (instance ${owner});`,
        `this database is instance ${instanceId}. Two databases must not share one namespace:`,
        'unset REDIS_PREFIX to use the one derived from this database, or choose another prefix.',
        'If that other database is gone for good, delete its keys first:',
        `  redis-cli --scan --pattern '${prefix}*' | xargs -r redis-cli unlink`,
      ].join('\n'),
    );
    this.name = 'RedisNamespaceTakenError';
  }
}

/** The key that records which database a namespace belongs to. */
export const namespaceOwnerKey = (prefix: string) => `${prefix}database`;

/**
 * Claims the namespace for this database (the first to start on it wins; a Redis that lost its
 * data is claimed again), and throws RedisNamespaceTakenError if another database holds it.
 */
export async function claimRedisNamespace(redis: Redis, prefix: string, instanceId: string): Promise<void> {
  const key = namespaceOwnerKey(prefix);
  await redis.set(key, instanceId, 'NX');
  const owner = await redis.get(key);
  if (owner !== instanceId) throw new RedisNamespaceTakenError(prefix, owner ?? '?', instanceId);
}

/**
 * The deployment's Redis prefix: REDIS_PREFIX if set, else derived from the database. Every
 * process of a deployment computes the same one (they share the database); it is claimed for
 * this database before anything is read or queued under it.
 */
export async function resolveRedisPrefix(
  config: AppConfig,
  database: Database,
  redis: Redis,
): Promise<string> {
  const instanceId = await databaseInstanceId(database.db);
  const embeddedDir =
    database.kind === 'pglite' && config.dataDir !== MEMORY_DATA_DIR
      ? await realpath(config.dataDir)
      : undefined;
  const prefix = config.redisPrefix ?? derivedRedisPrefix(instanceId, embeddedDir);
  await claimRedisNamespace(redis, prefix, instanceId);
  return prefix;
}
