import { Dec, type FundRecord, type FundRecordKind } from '@bourse/shared';
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { journalEntries, ledgerAccounts, postings } from '../ledger/schema.ts';
import type { Db } from '../platform/database.ts';
import { storePayouts } from './payouts/schema.ts';

type JournalKind = (typeof journalEntries.$inferSelect)['kind'];

/**
 * What each storefront journal entry is to the shopper. Demo mode's opening deposit is an
 * adjustment: no one paid it in. A withdrawal's freeze, release and payout are all its
 * withdrawal; the charge kept on payout is its own. A completed order's payout is the seller's.
 */
const RECORD_KIND_OF: Partial<Record<JournalKind, FundRecordKind>> = {
  storeTopUp: 'topUp',
  storePayment: 'payment',
  storeRefund: 'refund',
  storeDeposit: 'adjustment',
  storeWithdrawalFreeze: 'withdrawal',
  storeWithdrawalRelease: 'withdrawal',
  storeWithdrawal: 'withdrawal',
  storeServiceCharge: 'serviceCharge',
  storePayout: 'payout',
};

const journalKindsOf = (kind: FundRecordKind) =>
  (Object.keys(RECORD_KIND_OF) as JournalKind[]).filter((k) => RECORD_KIND_OF[k] === kind);

/**
 * The fund record: the ledger's entries that moved the user's storefront accounts (available
 * `storeBalance`, `frozen` `storeFrozen`), newest first, each with what it did to either, paged
 * by entry sequence. Read from the postings, so it cannot disagree with the balance; a payout
 * also says what it kept back from its payout row.
 */
export async function fundRecords(
  db: Db,
  userId: string,
  { kind, cursor, limit }: { kind?: FundRecordKind; cursor?: string; limit: number },
): Promise<{ items: FundRecord[]; nextCursor: string | null }> {
  const kinds = kind === undefined ? undefined : journalKindsOf(kind);
  if (kinds?.length === 0) return { items: [], nextCursor: null };
  const where: SQL[] = [
    eq(ledgerAccounts.userId, userId),
    inArray(ledgerAccounts.kind, ['storeBalance', 'storeFrozen']),
  ];
  if (kinds) where.push(inArray(journalEntries.kind, kinds));
  if (cursor) where.push(lt(journalEntries.seq, Number(cursor)));
  const rows = await db
    .select({
      id: journalEntries.id,
      seq: journalEntries.seq,
      kind: journalEntries.kind,
      createdAt: journalEntries.createdAt,
      cashAfter: journalEntries.cashAfter,
      available: sql<string>`coalesce(sum(${postings.amount}) filter (where ${ledgerAccounts.kind} = 'storeBalance'), 0)`,
      frozen: sql<string>`coalesce(sum(${postings.amount}) filter (where ${ledgerAccounts.kind} = 'storeFrozen'), 0)`,
      // An entry pays at most one payout, so the aggregate only lifts its one value through the group.
      recovered: sql<string | null>`max(${storePayouts.recovered})`,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .leftJoin(storePayouts, eq(storePayouts.entryId, journalEntries.id))
    .where(and(...where))
    .groupBy(journalEntries.id)
    .orderBy(desc(journalEntries.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const items = page.map(
    (row): FundRecord => ({
      id: row.id,
      kind: RECORD_KIND_OF[row.kind] ?? 'adjustment',
      amount: new Dec(row.available).toFixed(2),
      frozen: new Dec(row.frozen).toFixed(2),
      balance: new Dec(row.cashAfter ?? 0).toFixed(2),
      recovered:
        row.recovered === null || new Dec(row.recovered).isZero() ? null : new Dec(row.recovered).toFixed(2),
      createdAt: row.createdAt.toISOString(),
    }),
  );
  const next = rows.length > limit ? page.at(-1)?.seq : undefined;
  return { items, nextCursor: next === undefined ? null : String(next) };
}
