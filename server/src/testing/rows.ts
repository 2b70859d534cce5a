import * as schema from '@bourse/core/db/schema.ts';
import type { Db } from '@bourse/core/platform/database.ts';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';

// The schema module exports tables only.
const tables: [string, PgTable][] = Object.entries(schema);

/** Row count of every table, to show that a refused request wrote nothing. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of tables) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** Runs `send` and checks that no table gained or lost a row meanwhile. */
export async function withoutWrites<T>(db: Db, send: () => Promise<T>): Promise<T> {
  const before = await rowCounts(db);
  const result = await send();
  expect(await rowCounts(db)).toEqual(before);
  return result;
}
