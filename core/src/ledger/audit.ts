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
}

/** Checks the ledger whole; a healthy one has total "0.00" and nothing listed. */
export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const [totals, drifted, unbalanced] = await Promise.all([
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
  ]);
  return {
    total: rowsOf<{ total: string }>(totals)[0]?.total ?? '0.00',
    driftedAccounts: rowsOf<LedgerAudit['driftedAccounts'][number]>(drifted),
    unbalancedEntries: rowsOf<{ id: string }>(unbalanced).map((r) => r.id),
  };
}
