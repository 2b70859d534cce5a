import { Dec } from '@bourse/shared';
import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { journalEntries, ledgerAccounts, postings } from './schema.ts';

export type HouseAccount = 'external' | 'market' | 'commission' | 'stampDuty' | 'transferFee';
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

const houseIds = new WeakMap<Db, Promise<Record<HouseAccount, string>>>();

/** The house accounts' ids: seeded by the migration, read once per database. */
function houseAccounts(db: Db): Promise<Record<HouseAccount, string>> {
  let ids = houseIds.get(db);
  if (!ids) {
    ids = db
      .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
      .from(ledgerAccounts)
      .where(isNull(ledgerAccounts.userId))
      .then((rows) => Object.fromEntries(rows.map((r) => [r.kind, r.id])) as Record<HouseAccount, string>);
    ids.catch(() => houseIds.delete(db));
    houseIds.set(db, ids);
  }
  return ids;
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

/**
 * Posts one balanced journal entry. Lines of zero are left out; the rest must sum to zero
 * (the database checks it again at commit). User accounts must have been locked by
 * lockUserCash in this transaction; their cached balances move with the postings, and a
 * balance that would go below zero is a bug, refused here and by a CHECK.
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
  const house = await houseAccounts(tx);
  const rows: { accountId: string; amount: string; balanceAfter: string | null }[] = [];
  for (const line of moving) {
    if (line.account === 'available' || line.account === 'frozen') {
      if (!cash) throw new Error('a user posting needs the locked user accounts');
      const account = cash[line.account];
      account.balance = account.balance.plus(line.amount);
      if (account.balance.isNegative()) throw new Error(`${line.account} cash would go negative`);
      rows.push({
        accountId: account.id,
        amount: line.amount.toFixed(2),
        balanceAfter: account.balance.toFixed(2),
      });
    } else {
      rows.push({ accountId: house[line.account], amount: line.amount.toFixed(2), balanceAfter: null });
    }
  }
  if (cash) {
    const { available, frozen } = cash;
    await tx
      .update(ledgerAccounts)
      .set({
        balance: available.balance.toFixed(2),
        proceeds: available.proceeds.toFixed(2),
        proceedsDate: available.proceedsDate,
      })
      .where(eq(ledgerAccounts.id, available.id));
    await tx
      .update(ledgerAccounts)
      .set({ balance: frozen.balance.toFixed(2) })
      .where(eq(ledgerAccounts.id, frozen.id));
  }
  const [entry] = await tx
    .insert(journalEntries)
    .values({
      ...header,
      userId: cash?.userId,
      cashAfter: cash ? cash.available.balance.plus(cash.frozen.balance).toFixed(2) : null,
    })
    .returning({ id: journalEntries.id });
  await tx.insert(postings).values(rows.map((r) => ({ ...r, entryId: entry!.id })));
  return entry!.id;
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
