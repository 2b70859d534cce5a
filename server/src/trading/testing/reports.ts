import { count, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { fills, orders, positions } from '../schema.ts';

export async function countRows(db: Db, table: 'fills' | 'orders'): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table === 'fills' ? fills : orders);
  return row?.n ?? 0;
}

/** Per order: quantity, status, how many fills, shares filled and distinct fill sources. */
export async function fillsPerOrder(db: Db) {
  const result = await db.execute(
    sql`select o.quantity, o.status, count(f.id)::int as fills, coalesce(sum(f.quantity), 0)::int as filled,
               count(distinct f.source)::int as sources
        from orders o left join fills f on f.order_id = o.id group by o.id`,
  );
  return (
    result as unknown as {
      rows: { quantity: number; status: string; fills: number; filled: number; sources: number }[];
    }
  ).rows;
}

export function allPositions(db: Db) {
  return db.select().from(positions);
}
