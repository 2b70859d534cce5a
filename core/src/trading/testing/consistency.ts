/**
 * What must hold of trading's tables once nothing is writing: the ledger balances, each order's
 * frozen cash (with the transfers out in flight, the whole frozen account), fills and held shares
 * add up, and every order a client was told of is there once. bench:orders checks them after its run.
 */
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { auditLedger } from '../../ledger/audit.ts';
import type { Db } from '../../platform/database.ts';

export interface Check {
  name: string;
  /** Rows that break it; 0 when it holds. */
  failures: number;
  detail?: string;
}

async function count(db: Db, query: SQL): Promise<number> {
  return Number((await queryRows<{ n: string }>(db, query))[0]?.n ?? 0);
}

/** Open orders hold cash in the user's frozen account and shares in the position. */
const OPEN = sql`status in ('pending', 'partially_filled')`;

export async function checkLedgerAndOrders(db: Db, acknowledged: ReadonlySet<string>): Promise<Check[]> {
  const audit = await auditLedger(db);
  const stored = new Set((await queryRows<{ id: string }>(db, sql`select id from orders`)).map((r) => r.id));
  const lost = [...acknowledged].filter((id) => !stored.has(id));
  return [
    {
      name: 'sum of all postings is 0',
      failures: audit.total === '0.00' ? 0 : 1,
      detail: audit.total,
    },
    { name: 'entries whose postings do not sum to 0', failures: audit.unbalancedEntries.length },
    { name: 'cash balances unequal to their postings', failures: audit.driftedAccounts.length },
    {
      name: "frozen cash unequal to the user's open orders' reserves and transfers out in flight",
      failures: await count(
        db,
        sql`select count(*) as n from ledger_accounts a
            left join (select user_id, sum(frozen_cash) as reserved from orders where ${OPEN} group by user_id) o
              on o.user_id = a.user_id
            left join (select user_id, sum(amount) as reserved from bank_transfers
                       where direction = 'out' and status = 'auditing' group by user_id) t
              on t.user_id = a.user_id
            where a.kind = 'frozen' and a.balance <> coalesce(o.reserved, 0) + coalesce(t.reserved, 0)`,
      ),
    },
    {
      name: 'closed orders still holding cash',
      failures: await count(db, sql`select count(*) as n from orders where not ${OPEN} and frozen_cash <> 0`),
    },
    {
      name: "orders whose filled quantity or amount differ from their fills'",
      failures: await count(
        db,
        sql`select count(*) as n from orders o
            left join (select order_id, sum(quantity) as q, sum(amount) as a from fills group by order_id) f
              on f.order_id = o.id
            where o.filled_quantity <> coalesce(f.q, 0) or o.filled_amount <> coalesce(f.a, 0)
               or (o.status = 'filled') <> (o.filled_quantity = o.quantity)`,
      ),
    },
    {
      name: 'fills without exactly one journal entry',
      failures: await count(
        db,
        sql`select count(*) as n from fills f
            where (select count(*) from journal_entries e where e.fill_id = f.id) <> 1`,
      ),
    },
    {
      name: "positions unequal to the sum of their fills, or holding other than open sells' shares",
      failures: await count(
        db,
        sql`with traded as (
              select user_id, symbol, sum(case side when 'buy' then quantity else -quantity end) as q
              from fills group by user_id, symbol),
            held as (
              select user_id, symbol, sum(quantity - filled_quantity) as q
              from orders where side = 'sell' and ${OPEN} group by user_id, symbol)
            select count(*) as n from traded t
            full join positions p on p.user_id = t.user_id and p.symbol = t.symbol
            left join held h on h.user_id = coalesce(p.user_id, t.user_id) and h.symbol = coalesce(p.symbol, t.symbol)
            where coalesce(t.q, 0) <> coalesce(p.quantity, 0) or coalesce(p.frozen_quantity, 0) <> coalesce(h.q, 0)`,
      ),
    },
    {
      name: 'acknowledged orders missing from the database',
      failures: lost.length,
      ...(lost.length > 0 ? { detail: lost.slice(0, 3).join(', ') } : {}),
    },
    {
      name: 'orders in the database no answer acknowledged',
      failures: [...stored].filter((id) => !acknowledged.has(id)).length,
    },
  ];
}

/** Fills made in a window of time: at placement against the book, and by the matcher from trades. */
export async function fillsBetween(db: Db, from: Date, to: Date): Promise<{ book: number; trade: number }> {
  const [row] = await queryRows<{ book: string; trade: string }>(
    db,
    sql`select count(*) filter (where source like 'book:%') as book,
               count(*) filter (where source like 'trade:%') as trade
        from fills where created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}`,
  );
  return { book: Number(row?.book ?? 0), trade: Number(row?.trade ?? 0) };
}
