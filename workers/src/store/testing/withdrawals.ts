/** Drivers of the withdrawal payout worker tests: shoppers whose withdrawals back office passed, and what the ledger says after. */
import { randomUUID } from 'node:crypto';
import { bindCard, createUser, sampleCardNumber, verifyUser } from '@bourse/core/banking/testing';
import { redisMessagePublisher } from '@bourse/core/messages';
import type { Db } from '@bourse/core/platform';
import { openDemoWallet } from '@bourse/core/store/wallet.ts';
import { withdrawalPayoutQueue } from '@bourse/core/store/withdrawals';
import { auditWithdrawal, freezeWithdrawal } from '@bourse/core/store/withdrawals/withdrawals.ts';
import { redisUserEventPublisher } from '@bourse/core/user-channel/userEventPublisher.ts';
import { Dec } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';

export const STARTING_BALANCE = new Dec(100_000);
const CHARGE = { rate: '0.01', minimum: '2.00' };

/** A verified shopper with STARTING_BALANCE in the storefront wallet and a card bound. */
export async function newWithdrawer(db: Db): Promise<{ userId: string; cardId: string }> {
  const userId = await createUser(db);
  await verifyUser(db, userId);
  await db.transaction((tx) => openDemoWallet(tx, userId, STARTING_BALANCE));
  const card = await bindCard(db, userId, { cardNumber: sampleCardNumber('ICBC'), holderName: '李雷' });
  return { userId, cardId: card.id };
}

/**
 * Files `count` withdrawals per shopper (past the payment password: freezeWithdrawal) and has
 * back office pass each, which adds its payout job; answers their ids.
 */
export async function passWithdrawals(
  db: Db,
  redis: Redis,
  prefix: string,
  shoppers: readonly { userId: string; cardId: string }[],
  count: number,
  requestTtlMs = 10 * 60_000,
): Promise<string[]> {
  const adminId = await createUser(db);
  const deps = {
    db,
    messages: redisMessagePublisher(redis, prefix),
    events: redisUserEventPublisher(redis, prefix, 'withdrawal'),
    payouts: withdrawalPayoutQueue(redis, prefix),
    requestTtlMs,
  };
  const ids: string[] = [];
  for (const { userId, cardId } of shoppers) {
    for (let i = 0; i < count; i++) {
      const amount = `${100 + i * 37}.${String(i).padStart(2, '0')}`;
      const { withdrawal } = await freezeWithdrawal(
        { db, charge: CHARGE },
        userId,
        { cardId, amount },
        randomUUID(),
      );
      await auditWithdrawal(deps, adminId, { outcome: 'pass', id: withdrawal.id });
      ids.push(withdrawal.id);
    }
  }
  await deps.payouts.close();
  return ids;
}

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** How many withdrawals the bank has not yet settled. */
export async function payingCount(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from store_withdrawals where state = 'paying'`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Per shopper: the wallet (available and frozen) and what it must be if each paid withdrawal
 * left exactly once (STARTING_BALANCE − amount − charge of each passed one, nothing frozen);
 * and how many withdrawal messages they got, against how many withdrawals they have.
 */
export async function walletsByShopper(db: Db) {
  const rows = await rowsOf<{
    user_id: string;
    balance: string;
    frozen: string;
    expected: string;
    messages: number;
    withdrawals: number;
  }>(
    db,
    sql`
    select w.user_id,
           (select coalesce(sum(balance), 0) from ledger_accounts a where a.user_id = w.user_id and a.kind = 'storeBalance')::text as balance,
           (select coalesce(sum(balance), 0) from ledger_accounts a where a.user_id = w.user_id and a.kind = 'storeFrozen')::text as frozen,
           (${STARTING_BALANCE.toFixed(2)}::numeric
             - coalesce(sum(w.amount + w.service_charge) filter (where w.state = 'passed'), 0))::text as expected,
           (select count(*) from messages m where m.user_id = w.user_id and m.kind = 'withdrawalResult')::int as messages,
           count(*)::int as withdrawals
    from store_withdrawals w group by w.user_id order by w.user_id`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    balance: new Dec(r.balance).toFixed(2),
    frozen: new Dec(r.frozen).toFixed(2),
    expected: new Dec(r.expected).toFixed(2),
    messages: Number(r.messages),
    withdrawals: Number(r.withdrawals),
  }));
}

/**
 * Settled withdrawals whose entries are wrong: a passed one must have paid its amount out of
 * frozen (and its charge, when above zero); a refused one must have released amount + charge.
 */
export async function wrongWithdrawalEntries(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
    with moved as (
      select e.id, sum(p.amount) filter (where a.kind = 'storeFrozen') as frozen,
             sum(p.amount) filter (where a.kind = 'storeBalance') as available
      from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
      group by e.id)
    select count(*)::int as n from store_withdrawals w
    left join moved s on s.id = w.settle_entry_id
    left join moved c on c.id = w.charge_entry_id
    where (w.state = 'passed' and (s.frozen <> -w.amount or s.available is not null
                                   or coalesce(-c.frozen, 0) <> w.service_charge))
       or (w.state = 'refuse' and (s.frozen <> -(w.amount + w.service_charge)
                                   or s.available <> w.amount + w.service_charge))
       or (w.state = 'paying' and w.settle_entry_id is not null)`,
  );
  return Number(row?.n ?? 0);
}
