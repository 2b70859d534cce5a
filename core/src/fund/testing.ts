/** Test helpers of the cash fund. */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { auditLedger } from '../ledger/audit.ts';
import type { Db } from '../platform/database.ts';

/**
 * What the fund owes its holders in the ledger (the cashFund account's postings), and the units
 * they hold plus the redemptions over the T+0 cap not paid yet; equal when every subscription,
 * redemption, payout and yield moved money exactly once.
 */
export async function fundAudit(db: Db): Promise<{ owed: string; held: string }> {
  const [row] = await queryRows<{ owed: string; held: string }>(
    db,
    sql`select
          (select coalesce(sum(p.amount), 0) from postings p join ledger_accounts a on a.id = p.account_id
           where a.kind = 'cashFund')::numeric(20, 2)::text as owed,
          ((select coalesce(sum(units), 0) from cash_fund_holdings)
           + (select coalesce(sum(deferred_units), 0) from cash_fund_orders where payout_entry_id is null)
          )::numeric(20, 2)::text as held`,
  );
  return { owed: row?.owed ?? '0.00', held: row?.held ?? '0.00' };
}

/** The ledger balances, and the fund owes its holders exactly the units they hold. */
export async function expectFundBalanced(db: Db): Promise<void> {
  expect(await auditLedger(db)).toEqual({
    total: '0.00',
    driftedAccounts: [],
    unbalancedEntries: [],
    negativeAccounts: [],
    escrowGap: '0.00',
    ordersOff: [],
  });
  const fund = await fundAudit(db);
  expect(fund.owed).toBe(fund.held);
}
