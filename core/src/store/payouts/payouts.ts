import { Dec } from '@bourse/shared';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { storeOrders } from '../orderSchema.ts';
import { lockOrders } from '../orders.ts';
import { storeRefunds } from '../refunds/schema.ts';
import { unrefundedOf } from '../refunds/unrefunded.ts';
import { storeShops } from '../schema.ts';
import { lockWallet, postStoreEntry, type StoreLine } from '../wallet.ts';
import { storePayouts } from './schema.ts';

export interface PayoutDeps {
  db: Db;
  /** The platform's commission: a fraction of what the order left in escrow (STORE_COMMISSION_RATE). */
  commissionRate: string;
}

/** The platform's commission on `gross`: `rate` of it, to the cent, half up. */
export const commissionOf = (gross: Dec, rate: string) =>
  gross.times(rate).toDecimalPlaces(2, Dec.ROUND_HALF_UP);

export interface Payout {
  orderId: string;
  ownerUserId: string | null;
  gross: string;
  commission: string;
  net: string;
  recovered: string;
  entryId: string | null;
}

/**
 * What a shop still owes the platform: the refunds after payout its seller's balance could not
 * cover, which the platform advanced (ADR 0037), less what its payouts have kept back since.
 * Read under the owner's wallet lock, which every advance and every payout of the shop takes.
 */
async function owedBy(db: Db, shopId: number): Promise<Dec> {
  const total = (column: typeof storeRefunds.sellerShortfall | typeof storePayouts.recovered) => ({
    total: sql<string>`coalesce(sum(${column}), 0)`,
  });
  const [advanced] = await db
    .select(total(storeRefunds.sellerShortfall))
    .from(storeRefunds)
    .innerJoin(storeOrders, eq(storeOrders.id, storeRefunds.orderId))
    .where(eq(storeOrders.shopId, shopId));
  const [kept] = await db
    .select(total(storePayouts.recovered))
    .from(storePayouts)
    .where(eq(storePayouts.shopId, shopId));
  return new Dec(advanced?.total ?? 0).minus(kept?.total ?? 0);
}

const ownerOf = async (db: Db, shopId: number) =>
  (await db.select({ owner: storeShops.ownerUserId }).from(storeShops).where(eq(storeShops.id, shopId)))[0]
    ?.owner ?? null;

/**
 * Pays a completed order out of escrow, if its payout is armed, due and not yet paid: one
 * `storePayout` entry takes what the order left in escrow (paid minus refunded) and gives the
 * commission to the house and the rest to the shop's owner's balance, or to the platform's own
 * shops' account for a shop without one; of an owner's part, what the shop owes the platform for
 * refunds it advanced is kept back first. Locks the owner's wallet, then the order, then the
 * payout row (wallet first, as paying and refunds do); the row under its lock makes a retry,
 * the job and the sweep together, find it paid. Answers the payout it made, or null.
 */
export async function payOut(deps: PayoutDeps, orderId: string, now = new Date()): Promise<Payout | null> {
  const [armed] = await deps.db
    .select({ shopId: storePayouts.shopId, paidAt: storePayouts.paidAt })
    .from(storePayouts)
    .where(eq(storePayouts.orderId, orderId));
  if (!armed || armed.paidAt) return null;
  const owner = await ownerOf(deps.db, armed.shopId);
  return deps.db.transaction(async (tx) => {
    const wallet = owner ? await lockWallet(tx, owner) : undefined;
    const [order] = await lockOrders(tx, [orderId]);
    const [row] = await tx.select().from(storePayouts).where(eq(storePayouts.orderId, orderId)).for('update');
    if (!order || !row || row.paidAt || row.dueAt > now) return null;
    // The shop changed hands between the read and the locks: the job's retry pays the new owner.
    if ((await ownerOf(tx, row.shopId)) !== owner) throw new Error(`shop ${row.shopId} changed owner`);
    const gross = await unrefundedOf(tx, order);
    const commission = commissionOf(gross, deps.commissionRate);
    // What the platform advanced for this seller comes back first, to the account it came from.
    const recovered = wallet ? Dec.min(gross.minus(commission), await owedBy(tx, row.shopId)) : new Dec(0);
    const net = gross.minus(commission).minus(recovered);
    const lines: StoreLine[] = [
      { account: 'storeEscrow', amount: gross.negated() },
      { account: 'storeCommission', amount: commission.plus(recovered) },
      wallet
        ? { account: 'storeBalance', amount: net, wallet }
        : { account: 'storePlatformSales', amount: net },
    ];
    const entryId = gross.isZero()
      ? null
      : await postStoreEntry(
          tx,
          { kind: 'storePayout', userId: owner, now },
          lines.filter((l) => !l.amount.isZero()),
        );
    const paid = {
      ownerUserId: owner,
      gross: gross.toFixed(2),
      commission: commission.toFixed(2),
      net: net.toFixed(2),
      recovered: recovered.toFixed(2),
      entryId,
    };
    await tx
      .update(storePayouts)
      .set({ ...paid, paidAt: now })
      .where(eq(storePayouts.orderId, orderId));
    return { orderId, ...paid };
  });
}

/** The sweep behind the jobs: pays every due payout a lost job left. */
export async function payDuePayouts(deps: PayoutDeps, now = new Date(), limit = 500): Promise<number> {
  const due = await deps.db
    .select({ orderId: storePayouts.orderId })
    .from(storePayouts)
    .where(and(isNull(storePayouts.paidAt), lte(storePayouts.dueAt, now)))
    .orderBy(storePayouts.dueAt)
    .limit(limit);
  let paid = 0;
  for (const { orderId } of due) if (await payOut(deps, orderId, now)) paid += 1;
  return paid;
}
