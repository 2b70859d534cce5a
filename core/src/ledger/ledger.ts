import { randomUUID } from 'node:crypto';
import { Dec } from '@bourse/shared';
import { eq, inArray, sql } from 'drizzle-orm';
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
  const [cash] = (await lockUsersCash(tx, [userId])).values();
  return cash!;
}

/**
 * lockUserCash for several users in one statement: the rows are locked in one stable order
 * (user, then available before frozen), so transactions locking overlapping users never wait
 * on each other in a cycle. Users without accounts yet get them, locked after the others.
 */
export async function lockUsersCash(tx: Db, userIds: readonly string[]): Promise<Map<string, UserCash>> {
  const unique = [...new Set(userIds)];
  const rows = await tx
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.userId, unique))
    .orderBy(ledgerAccounts.userId, ledgerAccounts.kind)
    .for('update');
  const found = new Map<string, UserCash>();
  for (const userId of unique) {
    const cash = toUserCash(
      userId,
      rows.filter((r) => r.userId === userId),
    );
    if (cash) found.set(userId, cash);
  }
  const missing = unique.filter((id) => !found.has(id)).sort();
  if (missing.length > 0) {
    await tx
      .insert(ledgerAccounts)
      .values(
        missing.flatMap((userId) => [
          { userId, kind: 'available' as const },
          { userId, kind: 'frozen' as const },
        ]),
      )
      .onConflictDoNothing();
    for (const [userId, cash] of await lockUsersCash(tx, missing)) found.set(userId, cash);
  }
  return found;
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

/** A column's bare name, for the raw statements below. */
const name = (column: { name: string }) => sql.identifier(column.name);

/** A journal entry checked and applied to the locked balances in memory, ready to be written. */
export interface PreparedEntry {
  id: string;
  header: EntryHeader;
  cash: UserCash | null;
  /** The user's cash (available + frozen) after the entry. */
  cashAfter: string | null;
  postings: {
    account: Line['account'];
    accountId: string | null;
    amount: string;
    balanceAfter: string | null;
  }[];
}

/**
 * Checks one journal entry and moves the locked user balances in `cash` by it. Lines of zero
 * are left out; the rest must sum to zero (the database checks it again at commit). A balance
 * that would go below zero is a bug, refused here and by a CHECK.
 */
export function prepareEntry(cash: UserCash | null, header: EntryHeader, lines: Line[]): PreparedEntry {
  const moving = lines.filter((l) => !l.amount.isZero());
  const sum = moving.reduce((s, l) => s.plus(l.amount), new Dec(0));
  if (moving.length < 2 || !sum.isZero())
    throw new Error(`unbalanced journal entry: ${JSON.stringify(lines)}`);
  const postings = moving.map((line) => {
    if (line.account !== 'available' && line.account !== 'frozen')
      return { account: line.account, accountId: null, amount: line.amount.toFixed(2), balanceAfter: null };
    if (!cash) throw new Error('a user posting needs the locked user accounts');
    const account = cash[line.account];
    account.balance = account.balance.plus(line.amount);
    if (account.balance.isNegative()) throw new Error(`${line.account} cash would go negative`);
    return {
      account: line.account,
      accountId: account.id,
      amount: line.amount.toFixed(2),
      balanceAfter: account.balance.toFixed(2),
    };
  });
  return {
    id: randomUUID(),
    header,
    cash,
    cashAfter: cash ? cash.available.balance.plus(cash.frozen.balance).toFixed(2) : null,
    postings,
  };
}

/**
 * Writes prepared entries, in their order, and the final cached balances of the user
 * accounts they touch, in one statement (the balances, the entries and their postings as
 * data-modifying CTEs): every order placement and fill posts, and each round trip to the
 * database is paid in latency by all of them. The accounts must have been locked by
 * lockUserCash or lockUsersCash in this transaction.
 */
export async function writeEntries(tx: Db, entries: readonly PreparedEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const cashes = [...new Set(entries.flatMap((e) => (e.cash ? [e.cash] : [])))];
  const a = ledgerAccounts;
  const balances =
    cashes.length === 0
      ? sql``
      : sql`balances as (
          update ${a} set ${name(a.balance)} = v.balance,
            ${name(a.proceeds)} = coalesce(v.proceeds, ${a}.${name(a.proceeds)}),
            ${name(a.proceedsDate)} = case when v.is_available then v.proceeds_date else ${a}.${name(a.proceedsDate)} end
          from (values ${sql.join(
            cashes.flatMap((c) => [
              sql`(${c.available.id}::uuid, ${c.available.balance.toFixed(2)}::numeric,
                ${c.available.proceeds.toFixed(2)}::numeric, ${c.available.proceedsDate}::text, true)`,
              sql`(${c.frozen.id}::uuid, ${c.frozen.balance.toFixed(2)}::numeric, null::numeric, null::text, false)`,
            ]),
            sql`, `,
          )}) as v(id, balance, proceeds, proceeds_date, is_available)
          where ${a}.${name(a.id)} = v.id),`;
  // A house account is found by its kind (seeded by the migration, one per kind).
  const lines = entries
    .flatMap((e) => e.postings.map((p) => ({ entryId: e.id, ...p })))
    .map(
      (p, n) =>
        sql`(${n}::int, ${p.entryId}::uuid, ${p.accountId}::uuid, ${p.account}::text, ${p.amount}::numeric, ${p.balanceAfter}::numeric)`,
    );
  const e = journalEntries;
  const p = postings;
  await tx.execute(
    sql`with ${balances}
      entry as (
        insert into ${e} (${name(e.id)}, ${name(e.kind)}, ${name(e.tradingDate)}, ${name(e.orderId)}, ${name(e.fillId)},
          ${name(e.symbol)}, ${name(e.userId)}, ${name(e.cashAfter)})
        values ${sql.join(
          entries.map(
            ({ id, header, cash, cashAfter }) =>
              sql`(${id}::uuid, ${header.kind}, ${header.tradingDate}, ${header.orderId ?? null}::uuid,
                ${header.fillId ?? null}::uuid, ${header.symbol ?? null}, ${cash?.userId ?? null}::uuid, ${cashAfter}::numeric)`,
          ),
          sql`, `,
        )}
        returning ${name(e.id)})
      insert into ${p} (${name(p.entryId)}, ${name(p.accountId)}, ${name(p.amount)}, ${name(p.balanceAfter)})
      select entry.id, coalesce(line.account_id, house.${name(a.id)}), line.amount, line.balance_after
      from (values ${sql.join(lines, sql`, `)}) as line(n, entry_id, account_id, kind, amount, balance_after)
      join entry on entry.id = line.entry_id
      left join ${a} house on line.account_id is null and house.${name(a.userId)} is null and house.${name(a.kind)} = line.kind
      order by line.n`,
  );
}

/** Posts one balanced journal entry: prepareEntry, then writeEntries. Answers the entry's id. */
export async function post(
  tx: Db,
  cash: UserCash | null,
  header: EntryHeader,
  lines: Line[],
): Promise<string> {
  const entry = prepareEntry(cash, header, lines);
  await writeEntries(tx, [entry]);
  return entry.id;
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
