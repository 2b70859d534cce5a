import { readFile } from 'node:fs/promises';
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

/**
 * CPU time (µs) a process has used so far, read from /proc (Linux); undefined once it is gone.
 */
export async function processCpuMicros(pid: number): Promise<number | undefined> {
  const ticksPerSecond = 100; // USER_HZ on Linux
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (!stat) return undefined;
  // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
}

/**
 * CPU time (µs) so far of each PostgreSQL backend serving `db`'s database, but the one asking,
 * read from /proc (PostgreSQL on this machine): what the benchmark adds to its processes' CPU.
 */
export async function postgresBackendCpu(db: Db): Promise<Map<number, number>> {
  const { rows } = (await db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  )) as unknown as { rows: { pid: number }[] };
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    // A backend gone since the query has no CPU to add.
    const micros = await processCpuMicros(pid);
    if (micros !== undefined) cpu.set(pid, micros);
  }
  return cpu;
}
