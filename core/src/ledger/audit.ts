import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.ts';
import type { Db } from '../platform/database.ts';

export interface LedgerAudit {
  /** Sum of every posting: zero when money was only ever moved, never made or lost. */
  total: string;
  /** User accounts whose cached balance differs from the sum of their postings. */
  driftedAccounts: { id: string; balance: string; posted: string }[];
  /** Entries whose postings do not sum to zero or number fewer than two. */
  unbalancedEntries: string[];
  /** User accounts below zero (their CHECK refuses it; the audit says so if it ever broke). */
  negativeAccounts: { id: string; balance: string }[];
  /** The storefront's escrow account minus what the paid orders not yet paid out still hold in it. */
  escrowGap: string;
  /**
   * Storefront orders whose money does not add up: paid out for other than what payment left
   * after refunds, holding less than nothing, or whose payout entry took from escrow other than
   * its gross.
   */
  ordersOff: { orderId: string; held: string; paidOut: string | null }[];
}

/**
 * What each paid storefront order holds in escrow: its total, less the refunds executed from
 * escrow (a refund after payout comes from the seller's balance) and a paid cancellation.
 */
const HELD_BY_ORDER = sql`
  select o.id, po.paid_at is not null as settled, po.gross, po.entry_id,
    o.total
    - coalesce((select sum(r.amount) from store_refunds r
        where r.order_id = o.id and r.state = 'refunded' and r.source = 'escrow'), 0)
    - case when o.closure = 'cancelled' and o.payment = 'refunded'
        and not exists (select 1 from store_refunds r where r.order_id = o.id and r.state = 'refunded')
      then o.total else 0 end as held
  from store_orders o left join store_payouts po on po.order_id = o.id
  where o.payment <> 'unpaid'`;

/** Checks the ledger whole; a healthy one has total "0.00", escrowGap "0.00" and nothing listed. */
export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const [totals, drifted, unbalanced, negative, escrow, off] = await Promise.all([
    db.execute(sql`select coalesce(sum(amount), 0)::numeric(20, 2)::text as total from postings`),
    db.execute(sql`
      select a.id, a.balance::text as balance, coalesce(sum(p.amount), 0)::numeric(20, 2)::text as posted
      from ledger_accounts a left join postings p on p.account_id = a.id
      where a.user_id is not null
      group by a.id
      having a.balance <> coalesce(sum(p.amount), 0)`),
    db.execute(sql`
      select e.id from journal_entries e left join postings p on p.entry_id = e.id
      group by e.id having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2`),
    db.execute(sql`
      select id, balance::text as balance from ledger_accounts where user_id is not null and balance < 0`),
    db.execute(sql`
      with held as (${HELD_BY_ORDER})
      select ((select coalesce(sum(p.amount), 0) from postings p
          join ledger_accounts a on a.id = p.account_id and a.user_id is null and a.kind = 'storeEscrow')
        - (select coalesce(sum(held), 0) from held where not settled))::numeric(20, 2)::text as gap`),
    db.execute(sql`
      with held as (${HELD_BY_ORDER})
      select h.id as "orderId", h.held::numeric(20, 2)::text as held, h.gross::text as "paidOut"
      from held h
      where h.held < 0
        or (h.settled and h.held <> h.gross)
        or (h.entry_id is not null and h.gross <> -(select coalesce(sum(p.amount), 0) from postings p
          join ledger_accounts a on a.id = p.account_id and a.user_id is null and a.kind = 'storeEscrow'
          where p.entry_id = h.entry_id))`),
  ]);
  return {
    total: rowsOf<{ total: string }>(totals)[0]?.total ?? '0.00',
    driftedAccounts: rowsOf<LedgerAudit['driftedAccounts'][number]>(drifted),
    unbalancedEntries: rowsOf<{ id: string }>(unbalanced).map((r) => r.id),
    negativeAccounts: rowsOf<LedgerAudit['negativeAccounts'][number]>(negative),
    escrowGap: rowsOf<{ gap: string }>(escrow)[0]?.gap ?? '0.00',
    ordersOff: rowsOf<LedgerAudit['ordersOff'][number]>(off),
  };
}

/** What auditLedger answers for a healthy ledger. */
export const HEALTHY_LEDGER: LedgerAudit = {
  total: '0.00',
  driftedAccounts: [],
  unbalancedEntries: [],
  negativeAccounts: [],
  escrowGap: '0.00',
  ordersOff: [],
};
