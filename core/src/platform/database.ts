import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, is, type SQLWrapper } from 'drizzle-orm';
import {
  drizzle as drizzleNodePg,
  NodePgDatabase,
  NodePgSession,
  NodePgTransaction,
} from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import {
  drizzle as drizzlePglite,
  PgliteDatabase,
  PgliteSession,
  PgliteTransaction,
} from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema.ts';
import { MEMORY_DATA_DIR } from './config.ts';
import { logger } from './logger.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
type Tables = ExtractTablesWithRelations<Schema>;

export interface Database {
  db: Db;
  /**
   * Connections of payments' own (ADR 0045), so that a rush of checkouts holding every
   * connection of the main pool cannot keep a paying buyer waiting; the same as `db` on PGlite,
   * which has one session.
   */
  paymentDb: Db;
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

/** The main pool's connections (Database.db). */
export const MAIN_CONNECTIONS = 10;
/** Payments' own connections (Database.paymentDb); a pool connects lazily, so a process that takes no payments opens none. */
const PAYMENT_CONNECTIONS = 6;

function openPool(databaseUrl: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  // An idle client that the server drops (restart, failover, admin terminate) is reported on
  // the pool; unheard, Node would crash. The pool replaces the client on the next query.
  pool.on('error', (err) => logger.warn({ err: err.message }, 'postgres: idle connection lost'));
  return pool;
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = openPool(databaseUrl, MAIN_CONNECTIONS);
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
  const paymentPool = openPool(databaseUrl, PAYMENT_CONNECTIONS);
  return {
    db: drizzleNodePg({ client: pool, schema }),
    paymentDb: drizzleNodePg({ client: paymentPool, schema }),
    kind: 'postgres',
    close: once(async () => {
      await Promise.all([pool.end(), paymentPool.end()]);
    }),
  };
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
  return { db, paymentDb: db, kind: 'pglite', close: once(() => client.close()) };
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

/** The last step of a transaction: its final statements, run with the COMMIT (see transactionWithFinalCommit). */
export type CommitWith = (...statements: SQLWrapper[]) => Promise<void>;

/** A statement built but not run, that needs no answer before the next: run it, or send it with a COMMIT. */
export type Write = SQLWrapper & PromiseLike<unknown>;

/** Runs `writes` one after another, each once the one before is answered. */
export async function runWrites(writes: readonly Write[]): Promise<void> {
  for (const write of writes) await write;
}

const dialect = new PgDialect();

/**
 * One message of simple-query text: the statements with their parameters inlined as literals
 * (the simple protocol has no parameters; numbers are written as digits, strings quoted).
 */
function inlined(statements: readonly SQLWrapper[]): string {
  return statements.map((s) => dialect.sqlToQuery(s.getSQL().inlineParams()).sql).join(';\n');
}

/**
 * Runs `work` in a transaction on a connection of its own and lets its last step end it:
 * `commitWith(...statements)` sends those statements and the COMMIT to PostgreSQL as one message,
 * so the row locks they take are released by the server itself, not a client round trip later,
 * and the statements cost one round trip between them (Write: those that need no answer). In a
 * rush a round trip lasts an event-loop turn (tens of milliseconds), and a hot row locked that
 * long makes its buyers commit one turn apart. A statement that fails (a CHECK, say) skips
 * the COMMIT: the transaction is rolled back and the driver's error thrown. Work that returns
 * without the last step commits as usual; work that throws is rolled back.
 *
 * On PGlite the statements go as one message too, and PGlite's COMMIT follows at once: its
 * single in-process session runs one transaction at a time, so no one can wait on the lock.
 */
export async function transactionWithFinalCommit<T>(
  db: Db,
  work: (tx: Db, commitWith: CommitWith) => Promise<T>,
): Promise<T> {
  const schema = { fullSchema: db._.fullSchema, schema: db._.schema!, tableNamesMap: db._.tableNamesMap };
  if (is(db, PgliteDatabase)) {
    const client = (db as PgliteDatabase<Schema> & { $client: PGlite }).$client;
    return client.transaction((pgliteTx) =>
      work(
        new PgliteTransaction<Schema, Tables>(dialect, new PgliteSession(pgliteTx, dialect, schema), schema),
        async (...s) => {
          await pgliteTx.exec(inlined(s));
        },
      ),
    );
  }
  if (!is(db, NodePgDatabase))
    throw new Error('transactionWithFinalCommit needs the database, not a transaction');
  const pool = (db as NodePgDatabase<Schema> & { $client: pg.Pool }).$client;
  const client = await pool.connect();
  const tx = new NodePgTransaction<Schema, Tables>(
    dialect,
    new NodePgSession(client, dialect, schema),
    schema,
  );
  let committed = false;
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(tx, async (...s) => {
      // No values: node-postgres sends a simple query, which may hold several statements.
      await client.query(`${inlined(s)};\ncommit`);
      committed = true;
    });
    if (!committed) await client.query('commit');
    return result;
  } catch (err) {
    if (!committed) {
      // A connection that cannot roll back is closed rather than pooled with a transaction open.
      await client.query('rollback').catch((rollbackFailed: Error) => {
        broken = rollbackFailed;
      });
    }
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Whether `err` is the database refusing a write by the CHECK constraint `constraint` (SQLSTATE 23514). */
export function checkViolated(err: unknown, constraint: string): boolean {
  // Queries run through drizzle carry the driver's error as their cause.
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const fields = cause as { code?: unknown; constraint?: unknown } | null | undefined;
  return fields?.code === '23514' && fields.constraint === constraint;
}
