import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { MEMORY_DATA_DIR } from '../platform/config.ts';
import { type Database, openDatabase } from '../platform/database.ts';

/** Integration tests run against each: `describe.each(DB_KINDS)`. */
export const DB_KINDS = ['pglite', 'postgres'] as const;
export type DbKind = (typeof DB_KINDS)[number];

const MAINTENANCE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs a statement on the maintenance database (creating and dropping test databases). */
export async function maintenance(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: MAINTENANCE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated PostgreSQL database created through the maintenance database, with its URL
 * for tests that hand it to child processes. close() closes it and drops it again.
 */
export async function scratchPostgres(): Promise<{
  url: string;
  database: Database;
  close(): Promise<void>;
}> {
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  await maintenance(`create database ${name}`);
  const url = new URL(MAINTENANCE_URL);
  url.pathname = `/${name}`;
  const drop = () => maintenance(`drop database if exists ${name} with (force)`);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: MEMORY_DATA_DIR });
  } catch (err) {
    await drop();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    url: url.toString(),
    database,
    close() {
      closing ??= database.close().then(drop);
      return closing;
    },
  };
}

/** A migrated, empty database of the given kind: PGlite in memory, or a scratch PostgreSQL database. */
export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: MEMORY_DATA_DIR });
  const { database, close } = await scratchPostgres();
  return { ...database, close };
}
