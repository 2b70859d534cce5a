import { randomUUID } from 'node:crypto';
import { Dec } from '@bourse/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { journalEntries, ledgerAccounts, postings } from '../ledger/schema.ts';
import { type Db, runWrites, type Write } from '../platform/database.ts';

/**
 * The storefront balance: a USD account of the user's in the same double-entry ledger as the
 * securities cash, moved only by balanced USD entries against the house's `storeExternal`
 * (paper deposits), `storeEscrow` (what shoppers paid, until their orders are paid out) and the
 * other store accounts (core/src/ledger/schema.ts). The migration's trigger refuses an
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
type StoreAccount =
  | UserAccount
  | 'storeExternal'
  | 'storeEscrow'
  | 'storeCommission'
  | 'storePlatformSales'
  | 'storeFees';
type StoreEntryKind =
  | 'storeDeposit'
  | 'storePayment'
  | 'storeRefund'
  | 'storeTopUp'
  | 'storeWithdrawalFreeze'
  | 'storeWithdrawalRelease'
  | 'storeWithdrawal'
  | 'storeServiceCharge'
  | 'storePayout';

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

/** One line of a storefront entry: a user account's (with its locked wallet) or a house account's. */
export interface StoreLine {
  account: StoreAccount;
  amount: Dec;
  /** The locked wallet whose `storeBalance` or `storeFrozen` the line moves. */
  wallet?: Wallet;
}

/**
 * One balanced USD entry of any number of lines (a payout splits escrow three ways), as the
 * statements that write it: its id is made here and the house accounts are found by a
 * subquery, so none waits for another's answer. The locked wallets' cached balances move with
 * it and never go below zero (the caller refuses first; the account's CHECK is the backstop).
 * The entry belongs to `userId`: its `cashAfter` is that user's available balance after it,
 * when a line is theirs.
 */
export function storeEntryWrites(
  tx: Db,
  header: { kind: StoreEntryKind; userId: string | null; now: Date },
  lines: StoreLine[],
): { entryId: string; writes: Write[] } {
  const own = (line: StoreLine) => {
    if (line.account !== 'storeBalance' && line.account !== 'storeFrozen') return undefined;
    if (!line.wallet) throw new Error(`a ${line.account} line needs its locked wallet`);
    if (line.account === 'storeBalance') return line.wallet;
    if (!line.wallet.frozen) throw new Error('the frozen account was not locked');
    return line.wallet.frozen;
  };
  if (!lines.reduce((s, l) => s.plus(l.amount), new Dec(0)).isZero())
    throw new Error(`unbalanced storefront entry: ${JSON.stringify(lines)}`);
  const moved = lines.map((line) => {
    const account = own(line);
    const after = account?.balance.plus(line.amount);
    if (after?.isNegative()) throw new Error(`storefront ${line.account} would go negative`);
    return { line, account, after };
  });
  const ownerWallet = lines.find((l) => l.wallet?.userId === header.userId)?.wallet;
  const ownerAfter =
    moved.find((m) => m.line.account === 'storeBalance' && m.line.wallet === ownerWallet)?.after ??
    ownerWallet?.balance;
  const entryId = randomUUID();
  const writes: Write[] = [
    tx.insert(journalEntries).values({
      id: entryId,
      kind: header.kind,
      userId: header.userId,
      tradingDate: entryDate(header.now),
      cashAfter: ownerAfter?.toFixed(2) ?? null,
    }),
    tx.insert(postings).values(
      moved.map(({ line, account, after }) => ({
        entryId,
        accountId:
          account?.accountId ??
          sql<string>`(select ${ledgerAccounts.id} from ${ledgerAccounts} where ${ledgerAccounts.userId} is null and ${ledgerAccounts.kind} = ${line.account})`,
        amount: line.amount.toFixed(2),
        balanceAfter: after?.toFixed(2) ?? null,
      })),
    ),
  ];
  for (const { account, after } of moved) {
    if (!account || !after) continue;
    account.balance = after;
    writes.push(
      tx
        .update(ledgerAccounts)
        .set({ balance: after.toFixed(2) })
        .where(eq(ledgerAccounts.id, account.accountId)),
    );
  }
  return { entryId, writes };
}

/** Posts one balanced USD entry now (storeEntryWrites); answers its id. */
export async function postStoreEntry(
  tx: Db,
  header: { kind: StoreEntryKind; userId: string | null; now: Date },
  lines: StoreLine[],
): Promise<string> {
  const { entryId, writes } = storeEntryWrites(tx, header, lines);
  await runWrites(writes);
  return entryId;
}

/** One balanced USD entry's writes: `amount` leaves `from` and reaches `to`, either of them may be the locked wallet's. */
export function walletEntryWrites(
  tx: Db,
  wallet: Wallet,
  kind: StoreEntryKind,
  from: StoreAccount,
  to: StoreAccount,
  amount: Dec,
  now = new Date(),
): { entryId: string; writes: Write[] } {
  return storeEntryWrites(tx, { kind, userId: wallet.userId, now }, [
    { account: from, amount: amount.negated(), wallet },
    { account: to, amount, wallet },
  ]);
}

/** Posts that entry now (walletEntryWrites); answers its id. */
export async function postWallet(...entry: Parameters<typeof walletEntryWrites>): Promise<string> {
  const { entryId, writes } = walletEntryWrites(...entry);
  await runWrites(writes);
  return entryId;
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
