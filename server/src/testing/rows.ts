import { queryRows } from '@bourse/core/db/rows.ts';
import * as schema from '@bourse/core/db/schema.ts';
import type { Db } from '@bourse/core/platform/database.ts';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';

// The schema module exports tables only.
const tables: [string, PgTable][] = Object.entries(schema);

/**
 * Row count of every table, to show that a refused request wrote nothing. One statement, so one
 * round trip and one snapshot: a count a table each cost a refusal test most of its time.
 */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const columns = tables.map(
    ([name, table]) => sql`(select count(*) from ${table}) as ${sql.identifier(name)}`,
  );
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  // node-postgres reads count's bigint as a string, PGlite as a number.
  const counts = Object.fromEntries(tables.map(([name]) => [name, Number(row?.[name])]));
  for (const [name, n] of Object.entries(counts))
    if (!Number.isInteger(n)) throw new Error(`no row count read for ${name}`);
  return counts;
}

/** Runs `send` and checks that no table gained or lost a row meanwhile. */
export async function withoutWrites<T>(db: Db, send: () => Promise<T>): Promise<T> {
  const before = await rowCounts(db);
  const result = await send();
  expect(await rowCounts(db)).toEqual(before);
  return result;
}
