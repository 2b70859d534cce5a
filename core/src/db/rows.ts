import type { SQL } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';

/** node-postgres and PGlite both answer raw queries with `rows`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The rows of a raw query. Column types differ by driver (node-postgres reads int8 as a string,
 * PGlite as a number), so callers convert what they read with Number() or String().
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
