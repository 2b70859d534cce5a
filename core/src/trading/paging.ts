import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../platform/database.ts';

/** One page of a user's rows, newest first, with the total for the pager. */
export async function pageOf<T extends PgTable, V>(
  db: Db,
  table: T,
  where: SQL | undefined,
  newestFirst: (SQL | PgColumn)[],
  { page, pageSize }: { page: number; pageSize: number },
  view: (row: T['$inferSelect']) => V,
): Promise<{ items: V[]; page: number; pageSize: number; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { items: (rows as T['$inferSelect'][]).map(view), page, pageSize, total: total?.n ?? 0 };
}
