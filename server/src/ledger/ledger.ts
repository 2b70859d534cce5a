import { Dec } from '@bourse/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../db/rows.ts';
import type { Db } from '../platform/database.ts';
import { journalEntries, ledgerAccounts, postings } from './schema.ts';

export type HouseAccount =
  | 'external'
  | 'market'
  | 'commission'
  | 'stampDuty'
  | 'transferFee'
  | 'cashFund'
  | 'fundIncome';
export type EntryKind = (typeof journalEntries.$inferInsert)['kind'];

/** A user's cash accounts, locked for the transaction that holds this object. */
export interface UserCash {
  userId: string;
  available: { id: string; balance: Dec; proceeds: Dec; proceedsDate: string | null };
  frozen: { id: string; balance: Dec };
}

export interface Line {
  account: 'available' | 'frozen' | HouseAccount;
  amount: Dec;
}

export interface EntryHeader {
  kind: EntryKind;
  tradingDate: string;
  orderId?: string;
  fillId?: string;
  symbol?: string;
}

function toUserCash(userId: string, rows: (typeof ledgerAccounts.$inferSelect)[]): UserCash | undefined {
  const available = rows.find((r) => r.kind === 'available');
  const frozen = rows.find((r) => r.kind === 'frozen');
  if (!available || !frozen) return undefined;
  return {
    userId,
    available: {
      id: available.id,
      balance: new Dec(available.balance),
      proceeds: new Dec(available.proceeds),
      proceedsDate: available.proceedsDate,
    },
    frozen: { id: frozen.id, balance: new Dec(frozen.balance) },
  };
}

/** The user's cash as committed, for reading only; zero for a user who never had any. */
export async function readUserCash(db: Db, userId: string): Promise<UserCash> {
  const rows = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
  const zero = () => new Dec(0);
  return (
    toUserCash(userId, rows) ?? {
      userId,
      available: { id: '', balance: zero(), proceeds: zero(), proceedsDate: null },
      frozen: { id: '', balance: zero() },
    }
  );
}

/**
 * Opens the user's cash accounts if they are new and locks both rows (SELECT … FOR UPDATE,
 * always available before frozen, so two transactions never wait on each other in a cycle).
 */
export async function lockUserCash(tx: Db, userId: string): Promise<UserCash> {
  const rows = await tx
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId))
    .orderBy(ledgerAccounts.kind)
    .for('update');
  const cash = toUserCash(userId, rows);
  if (cash) return cash;
  await tx
    .insert(ledgerAccounts)
    .values([
      { userId, kind: 'available' },
      { userId, kind: 'frozen' },
    ])
    .onConflictDoNothing();
  return lockUserCash(tx, userId);
}

/** Available cash that may leave the account: a sale's proceeds wait until the next trading day. */
export function withdrawable(cash: UserCash, tradingDate: string): Dec {
  const waiting = cash.available.proceedsDate === tradingDate ? cash.available.proceeds : new Dec(0);
  return Dec.max(0, cash.available.balance.minus(waiting));
}

/** Records sale proceeds of `tradingDate` on the locked available account; post() writes them. */
export function addProceeds(cash: UserCash, tradingDate: string, amount: Dec): void {
  const sameDay = cash.available.proceedsDate === tradingDate;
  cash.available.proceeds = (sameDay ? cash.available.proceeds : new Dec(0)).plus(Dec.max(0, amount));
  cash.available.proceedsDate = tradingDate;
}

/** A column's bare name, for the raw statement of post(). */
const name = (column: { name: string }) => sql.identifier(column.name);

/**
 * Posts one balanced journal entry. Lines of zero are left out; the rest must sum to zero
 * (the database checks it again at commit). User accounts must have been locked by
 * lockUserCash in this transaction; their cached balances move with the postings, and a
 * balance that would go below zero is a bug, refused here and by a CHECK.
 *
 * One statement writes it all (the balances, the entry and its postings, as data-modifying
 * CTEs): every order placement and fill posts, and each round trip to the database is paid
 * in latency by all of them.
 */
export async function post(
  tx: Db,
  cash: UserCash | null,
  header: EntryHeader,
  lines: Line[],
): Promise<string> {
  const moving = lines.filter((l) => !l.amount.isZero());
  const sum = moving.reduce((s, l) => s.plus(l.amount), new Dec(0));
  if (moving.length < 2 || !sum.isZero())
    throw new Error(`unbalanced journal entry: ${JSON.stringify(lines)}`);
  const rows: SQL[] = [];
  for (const line of moving) {
    if (line.account === 'available' || line.account === 'frozen') {
      if (!cash) throw new Error('a user posting needs the locked user accounts');
      const account = cash[line.account];
      account.balance = account.balance.plus(line.amount);
      if (account.balance.isNegative()) throw new Error(`${line.account} cash would go negative`);
      rows.push(
        sql`(${account.id}::uuid, ${line.amount.toFixed(2)}::numeric, ${account.balance.toFixed(2)}::numeric)`,
      );
    } else {
      // A house account is found by its kind (seeded by the migration, one per kind).
      const house = sql`(select ${name(ledgerAccounts.id)} from ${ledgerAccounts}
        where ${name(ledgerAccounts.userId)} is null and ${name(ledgerAccounts.kind)} = ${line.account})`;
      rows.push(sql`(${house}, ${line.amount.toFixed(2)}::numeric, null::numeric)`);
    }
  }
  const a = ledgerAccounts;
  const balances = cash
    ? sql`available as (
          update ${a} set ${name(a.balance)} = ${cash.available.balance.toFixed(2)},
            ${name(a.proceeds)} = ${cash.available.proceeds.toFixed(2)},
            ${name(a.proceedsDate)} = ${cash.available.proceedsDate}
          where ${name(a.id)} = ${cash.available.id}),
        frozen as (
          update ${a} set ${name(a.balance)} = ${cash.frozen.balance.toFixed(2)} where ${name(a.id)} = ${cash.frozen.id}),`
    : sql``;
  const e = journalEntries;
  const p = postings;
  const [written] = await queryRows<{ entry_id: string }>(
    tx,
    sql`with ${balances}
      entry as (
        insert into ${e} (${name(e.kind)}, ${name(e.tradingDate)}, ${name(e.orderId)}, ${name(e.fillId)},
          ${name(e.symbol)}, ${name(e.userId)}, ${name(e.cashAfter)})
        values (${header.kind}, ${header.tradingDate}, ${header.orderId ?? null}, ${header.fillId ?? null},
          ${header.symbol ?? null}, ${cash?.userId ?? null},
          ${cash ? cash.available.balance.plus(cash.frozen.balance).toFixed(2) : null})
        returning ${name(e.id)})
      insert into ${p} (${name(p.entryId)}, ${name(p.accountId)}, ${name(p.amount)}, ${name(p.balanceAfter)})
      select entry.id, line.account_id, line.amount, line.balance_after
      from entry cross join (values ${sql.join(rows, sql`, `)}) as line(account_id, amount, balance_after)
      returning ${name(p.entryId)} as entry_id`,
  );
  return written!.entry_id;
}

/** Money from outside (a bank transfer in, or the demo's paper deposit) onto the user's available cash. */
export async function deposit(tx: Db, userId: string, amount: Dec, tradingDate: string): Promise<UserCash> {
  const cash = await lockUserCash(tx, userId);
  await post(tx, cash, { kind: 'deposit', tradingDate }, [
    { account: 'external', amount: amount.negated() },
    { account: 'available', amount },
  ]);
  return cash;
}
