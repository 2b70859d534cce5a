import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema.ts';
import { MEMORY_DATA_DIR } from './config.ts';
import { logger } from './logger.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** close() may be called by several owners (shutdown paths, tests); only the first one acts. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

/** Contrib extensions the migrations create (storefront search needs trigrams). */
const PGLITE_EXTENSIONS = { pg_trgm };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Replicas starting together must not run the same migration twice.
const MIGRATION_LOCK = 7_301_987_455;

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client that the server drops (restart, failover, admin terminate) is reported on
  // the pool; unheard, Node would crash. The pool replaces the client on the next query.
  pool.on('error', (err) => logger.warn({ err: err.message }, 'postgres: idle connection lost'));
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
    } finally {
      // A failed unlock is harmless: the session's lock goes with the connection.
      await client
        .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
        .catch((err: Error) => logger.warn({ err: err.message }, 'postgres: migration unlock failed'));
      client.release();
    }
  } catch (err) {
    await pool.end();
    throw err;
  }
  return { db: drizzleNodePg({ client: pool, schema }), kind: 'postgres', close: once(() => pool.end()) };
}

async function openPglite(dataDir: string, image?: Blob): Promise<Database> {
  let location = MEMORY_DATA_DIR;
  if (dataDir !== MEMORY_DATA_DIR) {
    location = join(dataDir, 'pglite');
    await mkdir(location, { recursive: true });
  }
  const client = await PGlite.create(location, { loadDataDir: image, extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (err) {
    await client.close();
    throw err;
  }
  return { db, kind: 'pglite', close: once(() => client.close()) };
}

/**
 * PostgreSQL when a URL is given, else the embedded PGlite under `${dataDir}/pglite`
 * (single-process). Both get the same versioned migrations from server/drizzle on open.
 * `pgliteImage` starts PGlite from a dumped data directory (tests keep a migrated one), so
 * only migrations newer than the image run.
 */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  pgliteImage?: Blob;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.pgliteImage);
}

/** Where the migrations live: tests fingerprint them to know when a cached image is stale. */
export const MIGRATIONS_FOLDER = migrationsFolder;

/** A freshly migrated in-memory PGlite, dumped: tests start their databases from it. */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create(MEMORY_DATA_DIR, { extensions: PGLITE_EXTENSIONS });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
