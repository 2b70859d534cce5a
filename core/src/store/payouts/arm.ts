import type { Db } from '../../platform/database.ts';
import { storePayouts } from './schema.ts';

/**
 * Arms a completed order's payout, due at once, in the transaction that completes it: the row is
 * the record the job and the sweep pay from. Arming twice is a no-op (the order id is the key).
 */
export async function armPayout(tx: Db, order: { id: string; shopId: number }, now: Date): Promise<void> {
  await tx
    .insert(storePayouts)
    .values({ orderId: order.id, shopId: order.shopId, dueAt: now })
    .onConflictDoNothing();
}
