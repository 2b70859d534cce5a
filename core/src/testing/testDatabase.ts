import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MEMORY_DATA_DIR } from '../platform/config.ts';
import { type Database, MIGRATIONS_FOLDER, migratedPgliteImage, openDatabase } from '../platform/database.ts';

export type DbKind = 'pglite' | 'postgres';

/**
 * Integration tests run on PostgreSQL, what a deployment of more than one process uses:
 * `describe.each(DB_KINDS)`. TEST_DB_KINDS=both runs every one on PGlite as well (twice the
 * time; for a change to the embedded database itself).
 */
export const DB_KINDS: readonly DbKind[] =
  process.env.TEST_DB_KINDS === 'both' ? ['pglite', 'postgres'] : ['postgres'];

/**
 * The embedded path (`pnpm start` without DATABASE_URL: PGlite in the one process) is proven by
 * the suites that run on both: between them they use every SQL feature the product does — the
 * migrations, the single-process start, row locks (FOR UPDATE), upserts, the market_at defaults
 * read from current_setting, pg_trgm's word_similarity, advisory locks, unnest, window functions
 * and generate_series. A suite that is the only user of such a feature runs on both.
 */
export const EMBEDDED_AND_POSTGRES: readonly DbKind[] = ['pglite', 'postgres'];

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

function databaseUrl(name: string): string {
  const url = new URL(MAINTENANCE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fingerprint of every migration file and the PGlite build (whose path names its version):
 * a cached schema is reused only while it matches.
 */
async function migrationsFingerprint(): Promise<string> {
  const hash = createHash('sha256').update(import.meta.resolve('@electric-sql/pglite'));
  const entries = await readdir(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file.slice(MIGRATIONS_FOLDER.length)).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

// Migrating costs seconds per database; each test file would pay it twice (both kinds). So
// the schema is built once per migration set and copied: a template database for
// PostgreSQL, a dumped data directory for PGlite.
let fingerprint: Promise<string> | undefined;
let postgresTemplate: Promise<string> | undefined;
let pgliteImage: Promise<Blob> | undefined;
const TEMPLATE_LOCK = 7_301_987_456;

/** The migrated template database, made by the first test worker that needs it. */
function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    fingerprint ??= migrationsFingerprint();
    const name = `bourse_template_${await fingerprint}`;
    const client = new pg.Client({ connectionString: MAINTENANCE_URL });
    await client.connect();
    try {
      // Test workers start together: one builds, the others wait and find it built.
      await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        // Built under another name and renamed when complete, so a killed run leaves no
        // half-migrated template behind.
        const building = `${name}_building`;
        await client.query(`drop database if exists ${building} with (force)`);
        await client.query(`create database ${building}`);
        const database = await openDatabase({ databaseUrl: databaseUrl(building), dataDir: MEMORY_DATA_DIR });
        await database.close();
        await client.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await client.end();
    }
    return name;
  })();
  return postgresTemplate;
}

/** The migrated PGlite data directory, cached on disk for the other test workers. */
function migratedPgliteImageCached(): Promise<Blob> {
  pgliteImage ??= (async () => {
    fingerprint ??= migrationsFingerprint();
    const file = join(tmpdir(), `bourse-pglite-${await fingerprint}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const image = await migratedPgliteImage();
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomUUID()}`;
      await writeFile(partial, Buffer.from(await image.arrayBuffer()));
      await rename(partial, file);
      return image;
    }
  })();
  return pgliteImage;
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
  await maintenance(`create database ${name} template ${await migratedPostgresTemplate()}`);
  const url = databaseUrl(name);
  const drop = () => maintenance(`drop database if exists ${name} with (force)`);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url, dataDir: MEMORY_DATA_DIR });
  } catch (err) {
    await drop();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    database,
    close() {
      closing ??= database.close().then(drop);
      return closing;
    },
  };
}

/** A migrated, empty database of the given kind: PGlite in memory, or a scratch PostgreSQL database. */
export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    return openDatabase({ dataDir: MEMORY_DATA_DIR, pgliteImage: await migratedPgliteImageCached() });
  }
  const { database, close } = await scratchPostgres();
  return { ...database, close };
}
