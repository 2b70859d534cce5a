import { Dec } from '@bourse/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { journalEntries, ledgerAccounts, postings } from '../ledger/schema.ts';
import type { Db } from '../platform/database.ts';

/**
 * The storefront balance: a USD account of the user's in the same double-entry ledger as the
 * securities cash, moved only by balanced USD entries against the house's `storeExternal`
 * (paper deposits) and `storeSales` (what shoppers paid). The migration's trigger refuses an
 * entry that mixes currencies.
 */
export interface Wallet {
  userId: string;
  accountId: string;
  balance: Dec;
  /** The `storeFrozen` account, when locked too (lockWallet's `withFrozen`). */
  frozen?: { accountId: string; balance: Dec };
}

type UserAccount = 'storeBalance' | 'storeFrozen';
type StoreAccount = UserAccount | 'storeExternal' | 'storeSales' | 'storeFees';
type StoreEntryKind =
  | 'storeDeposit'
  | 'storePayment'
  | 'storeRefund'
  | 'storeTopUp'
  | 'storeWithdrawalFreeze'
  | 'storeWithdrawalRelease'
  | 'storeWithdrawal'
  | 'storeServiceCharge';

/** The storefront's ledger has no trading day: entries are dated by the UTC calendar. */
const entryDate = (now: Date) => now.toISOString().slice(0, 10);

/** Opens one of the user's storefront accounts if new and locks it for this transaction. */
async function lockAccount(tx: Db, userId: string, kind: UserAccount) {
  const locked = () =>
    tx
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind)))
      .for('update');
  let [row] = await locked();
  if (!row) {
    await tx.insert(ledgerAccounts).values({ userId, kind, currency: 'USD' }).onConflictDoNothing();
    [row] = await locked();
  }
  return { accountId: row!.id, balance: new Dec(row!.balance) };
}

/**
 * Opens the user's storefront account if new and locks it for this transaction; with
 * `withFrozen`, the frozen account too (always after the available one, so lockers never cross).
 */
export async function lockWallet(tx: Db, userId: string, { withFrozen = false } = {}): Promise<Wallet> {
  const available = await lockAccount(tx, userId, 'storeBalance');
  const frozen = withFrozen ? await lockAccount(tx, userId, 'storeFrozen') : undefined;
  return { userId, ...available, ...(frozen && { frozen }) };
}

/** The available balance as committed, for reading; zero before the account exists. */
export async function readWalletBalance(db: Db, userId: string): Promise<Dec> {
  return (await readWallet(db, userId)).available;
}

/**
 * The storefront money as committed: `available` (the `storeBalance` account) and `frozen`
 * (`storeFrozen`, held for a withdrawal under way; freezing is a balanced entry between the two).
 */
export async function readWallet(db: Db, userId: string): Promise<{ available: Dec; frozen: Dec }> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, ['storeBalance', 'storeFrozen'])),
    );
  const of = (kind: string) => new Dec(rows.find((r) => r.kind === kind)?.balance ?? 0);
  return { available: of('storeBalance'), frozen: of('storeFrozen') };
}

/**
 * Posts one balanced USD entry: `amount` leaves `from` and reaches `to`, either of them may be
 * the locked wallet's (`storeFrozen` only when locked with it). The wallet's cached balances
 * move with it; they never go below zero (the caller refuses first; the account's CHECK is
 * the backstop).
 */
export async function postWallet(
  tx: Db,
  wallet: Wallet,
  kind: StoreEntryKind,
  from: StoreAccount,
  to: StoreAccount,
  amount: Dec,
  now = new Date(),
): Promise<string> {
  const own = (account: StoreAccount) => {
    if (account === 'storeBalance') return wallet;
    if (account !== 'storeFrozen') return undefined;
    if (!wallet.frozen) throw new Error('the frozen account was not locked');
    return wallet.frozen;
  };
  const delta = (account: StoreAccount) =>
    account === to ? amount : account === from ? amount.negated() : new Dec(0);
  const after = (account: UserAccount) => own(account)!.balance.plus(delta(account));
  for (const account of [from, to]) {
    if (own(account) && after(account as UserAccount).isNegative())
      throw new Error(`storefront ${account} would go negative`);
  }
  const [entry] = await tx
    .insert(journalEntries)
    .values({
      kind,
      userId: wallet.userId,
      tradingDate: entryDate(now),
      cashAfter: after('storeBalance').toFixed(2),
    })
    .returning({ id: journalEntries.id });
  const house = await tx
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(and(isNull(ledgerAccounts.userId), sql`${ledgerAccounts.kind} in (${from}, ${to})`));
  const posting = (account: StoreAccount) => {
    const mine = own(account);
    return {
      entryId: entry!.id,
      accountId: mine ? mine.accountId : house.find((h) => h.kind === account)!.id,
      amount: delta(account).toFixed(2),
      balanceAfter: mine ? after(account as UserAccount).toFixed(2) : null,
    };
  };
  await tx.insert(postings).values([posting(from), posting(to)]);
  for (const account of [from, to]) {
    const mine = own(account);
    if (!mine) continue;
    mine.balance = after(account as UserAccount);
    await tx
      .update(ledgerAccounts)
      .set({ balance: mine.balance.toFixed(2) })
      .where(eq(ledgerAccounts.id, mine.accountId));
  }
  return entry!.id;
}

/**
 * Demo mode's paper storefront balance: a real deposit from `storeExternal`, made once, when the
 * account's storefront wallet is opened (at registration, or at the first login of an account
 * older than the storefront, `demo` included). Answers whether it deposited.
 */
export async function openDemoWallet(tx: Db, userId: string, amount: Dec): Promise<boolean> {
  const opened = await tx
    .insert(ledgerAccounts)
    .values({ userId, kind: 'storeBalance', currency: 'USD' })
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (opened.length === 0 || amount.isZero()) return false;
  const wallet = await lockWallet(tx, userId);
  await postWallet(tx, wallet, 'storeDeposit', 'storeExternal', 'storeBalance', amount);
  return true;
}
