/**
 * Subscribers made in bulk SQL for the benchmark and the crash test: users and their
 * subscriptions straight from generate_series, half a million rows a statement, never through
 * the API. Units are 1 … maxUnits, fixed by each account name.
 */
import { queryRows } from '@bourse/core/ipo';
import type { Db } from '@bourse/core/platform';
import { sql } from 'drizzle-orm';

const BATCH = 500_000;

export async function populateIssue(
  db: Db,
  args: {
    ipoId: number;
    subscribers: number;
    maxUnits: number;
    tag: string;
    onProgress?: (done: number) => void;
  },
): Promise<void> {
  for (let from = 1; from <= args.subscribers; from += BATCH) {
    const to = Math.min(args.subscribers, from + BATCH - 1);
    await db.execute(sql`
      with created as (
        insert into users (account, password_hash, username, given_name, email, mobile)
        select ${args.tag} || g, '-', 'B', 'B', ${args.tag} || g || '@bench.invalid', '13800138000'
        from generate_series(${from}::int, ${to}::int) g
        returning id, account
      )
      insert into ipo_subscriptions (ipo_id, user_id, units)
      select ${args.ipoId}, id, 1 + abs(hashtext(account)) % ${args.maxUnits}
      from created order by account`);
    args.onProgress?.(to);
  }
}

/** The same subscribers with the same units, in the same order, for another issue. */
export async function copySubscriptions(db: Db, fromIpoId: number, toIpoId: number): Promise<void> {
  await db.execute(sql`
    insert into ipo_subscriptions (ipo_id, user_id, units)
    select ${toIpoId}, user_id, units from ipo_subscriptions where ipo_id = ${fromIpoId} order by id`);
}

/** An issue's total numbers (units) subscribed. */
export async function subscribedUnits(db: Db, ipoId: number): Promise<number> {
  const [row] = await queryRows<{ units: string | number }>(
    db,
    sql`select coalesce(sum(units), 0) as units from ipo_subscriptions where ipo_id = ${ipoId}`,
  );
  return Number(row?.units ?? 0);
}
