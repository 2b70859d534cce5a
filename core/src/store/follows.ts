import { DomainError } from '@bourse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { storeShopFollows, storeShops } from './schema.ts';

export interface FollowState {
  shopId: number;
  followed: boolean;
  fans: number;
}

/**
 * Follows or unfollows a shop. The follow row decides: only the request that inserts (or
 * deletes) it moves `fans`, in the same transaction, so repeats and races count once.
 */
export async function setFollow(
  db: Db,
  userId: string,
  shopId: number,
  followed: boolean,
): Promise<FollowState> {
  return db.transaction(async (tx) => {
    const [shop] = await tx
      .select({ fans: storeShops.fans })
      .from(storeShops)
      .where(eq(storeShops.id, shopId));
    if (!shop) throw new DomainError('store.unknownShop');
    const changed = followed
      ? await tx
          .insert(storeShopFollows)
          .values({ userId, shopId })
          .onConflictDoNothing()
          .returning({ shopId: storeShopFollows.shopId })
      : await tx
          .delete(storeShopFollows)
          .where(and(eq(storeShopFollows.userId, userId), eq(storeShopFollows.shopId, shopId)))
          .returning({ shopId: storeShopFollows.shopId });
    if (changed.length === 0) {
      const [now] = await tx
        .select({ fans: storeShops.fans })
        .from(storeShops)
        .where(eq(storeShops.id, shopId));
      return { shopId, followed, fans: now?.fans ?? shop.fans };
    }
    const [updated] = await tx
      .update(storeShops)
      .set({ fans: sql`${storeShops.fans} + ${followed ? 1 : -1}` })
      .where(eq(storeShops.id, shopId))
      .returning({ fans: storeShops.fans });
    return { shopId, followed, fans: updated?.fans ?? shop.fans };
  });
}

export async function followedShopIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ shopId: storeShopFollows.shopId })
    .from(storeShopFollows)
    .where(eq(storeShopFollows.userId, userId))
    .orderBy(storeShopFollows.shopId);
  return rows.map((r) => r.shopId);
}
