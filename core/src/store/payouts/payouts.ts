import { Dec } from '@bourse/shared';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { lockOrders } from '../orders.ts';
import { unrefundedOf } from '../refunds/refunds.ts';
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
  entryId: string | null;
}

const ownerOf = async (db: Db, shopId: number) =>
  (await db.select({ owner: storeShops.ownerUserId }).from(storeShops).where(eq(storeShops.id, shopId)))[0]
    ?.owner ?? null;

/**
 * Pays a completed order out of escrow, if its payout is armed, due and not yet paid: one
 * `storePayout` entry takes what the order left in escrow (paid minus refunded) and gives the
 * commission to the house and the rest to the shop's owner's balance, or to the platform's own
 * shops' account for a shop without one. Locks the owner's wallet, then the order, then the
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
    const net = gross.minus(commission);
    const lines: StoreLine[] = [
      { account: 'storeEscrow', amount: gross.negated() },
      { account: 'storeCommission', amount: commission },
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
