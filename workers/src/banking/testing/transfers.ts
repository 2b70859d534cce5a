/** Drivers of the bank-transfer worker tests: customers who file transfers, and what the ledger says after. */
import { randomUUID } from 'node:crypto';
import {
  bindCard,
  createUser,
  deposit,
  givePayPassword,
  PAY_PASSWORD,
  requestTransfer,
  sampleCardNumber,
  serviceBankingDeps,
  verifyUser,
} from '@bourse/core/banking/testing';
import type { Db } from '@bourse/core/platform';
import { Dec, shanghaiDate } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';

export const STARTING_CASH = new Dec(1_000_000);

/** A verified user with a payment password, STARTING_CASH deposited and a card bound. */
export async function newCustomer(db: Db): Promise<{ userId: string; cardId: string }> {
  const userId = await createUser(db);
  await verifyUser(db, userId);
  await givePayPassword(db, userId, PAY_PASSWORD);
  await db.transaction((tx) => deposit(tx, userId, STARTING_CASH, shanghaiDate(Date.now())));
  const card = await bindCard(db, userId, { cardNumber: sampleCardNumber('BOC'), holderName: '李雷' });
  return { userId, cardId: card.id };
}

/** Files `count` transfers per customer, alternating in and out, through the real request path. */
export async function fileTransfers(
  db: Db,
  redis: Redis,
  prefix: string,
  customers: readonly { userId: string; cardId: string }[],
  count: number,
  requestTtlMs?: number,
): Promise<string[]> {
  const deps = serviceBankingDeps(db, redis, prefix, requestTtlMs);
  const ids: string[] = [];
  for (const { userId, cardId } of customers) {
    for (let i = 0; i < count; i++) {
      const direction = i % 2 === 0 ? 'in' : 'out';
      const amount = `${1000 + i * 101}.${String(i).padStart(2, '0')}`;
      const { transfer } = await requestTransfer(
        deps,
        userId,
        { direction, cardId, amount, payPassword: PAY_PASSWORD },
        randomUUID(),
      );
      ids.push(transfer.id);
    }
  }
  await deps.queue.close();
  return ids;
}

/** How many transfers are still auditing. */
export async function auditingCount(db: Db): Promise<number> {
  const [row] = (
    (await db.execute(
      sql`select count(*)::int as n from bank_transfers where status = 'auditing'`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  return Number(row?.n ?? 0);
}

/**
 * Per customer: the cash they hold, and what it must be if each passed transfer moved its money
 * exactly once (STARTING_CASH + passed in − passed out); and how many transfer messages they got.
 */
export async function cashByCustomer(db: Db) {
  const { rows } = (await db.execute(sql`
    select u.id as user_id,
           (select coalesce(sum(balance), 0) from ledger_accounts a where a.user_id = u.id)::text as cash,
           (${STARTING_CASH.toFixed(2)}::numeric
             + coalesce((select sum(amount) from bank_transfers t
                         where t.user_id = u.id and t.status = 'passed' and t.direction = 'in'), 0)
             - coalesce((select sum(amount) from bank_transfers t
                         where t.user_id = u.id and t.status = 'passed' and t.direction = 'out'), 0))::text as expected,
           (select count(*) from messages m where m.user_id = u.id and m.kind = 'transferResult')::int as messages,
           (select count(*) from bank_transfers t where t.user_id = u.id)::int as transfers
    from users u order by u.id`)) as unknown as {
    rows: { user_id: string; cash: string; expected: string; messages: number; transfers: number }[];
  };
  return rows.map((r) => ({
    cash: new Dec(r.cash).toFixed(2),
    expected: new Dec(r.expected).toFixed(2),
    messages: Number(r.messages),
    transfers: Number(r.transfers),
  }));
}
