import { DomainError, MAX_WATCHLIST } from '@bourse/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { Db } from '../platform/database.ts';
import { watchlistItems } from './schema.ts';

const ofUser = (userId: string) => eq(watchlistItems.userId, userId);

/** The user's codes, newest first. */
export async function watchlistOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ symbol: watchlistItems.symbol })
    .from(watchlistItems)
    .where(ofUser(userId))
    .orderBy(desc(watchlistItems.addedAt), asc(watchlistItems.symbol));
  return rows.map((row) => row.symbol);
}

/** Serialises one user's additions, so the cap holds under concurrent requests. */
async function lockWatchlistOf(tx: Db, userId: string): Promise<void> {
  // Weaker than FOR UPDATE: rows of other tables that reference the user are not held up.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** Adds a listed code at the top; one already there keeps its place, even on a full list. */
export function addToWatchlist(db: Db, userId: string, symbol: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockWatchlistOf(tx, userId);
    const current = await watchlistOf(tx, userId);
    if (current.includes(symbol)) return current;
    if (current.length >= MAX_WATCHLIST) throw new DomainError('watchlist.full', { max: MAX_WATCHLIST });
    await tx.insert(watchlistItems).values({ userId, symbol });
    return watchlistOf(tx, userId);
  });
}

/** Removes a code; one not on the list is fine. */
export async function removeFromWatchlist(db: Db, userId: string, symbol: string): Promise<string[]> {
  await db.delete(watchlistItems).where(and(ofUser(userId), eq(watchlistItems.symbol, symbol)));
  return watchlistOf(db, userId);
}

/**
 * Puts listed codes from a guest's list (newest first) above the user's own, keeping their
 * order; codes already watched are skipped and those beyond the cap left out.
 */
export function mergeIntoWatchlist(db: Db, userId: string, symbols: readonly string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockWatchlistOf(tx, userId);
    const current = await watchlistOf(tx, userId);
    const added = [...new Set(symbols)]
      .filter((symbol) => !current.includes(symbol))
      .slice(0, Math.max(MAX_WATCHLIST - current.length, 0));
    if (added.length === 0) return current;
    await tx.insert(watchlistItems).values(
      // One transaction shares one now(): a millisecond apart each, they keep the guest's order.
      added.map((symbol, i) => ({
        userId,
        symbol,
        addedAt: sql`now() - ${`${i} milliseconds`}::interval`,
      })),
    );
    return watchlistOf(tx, userId);
  });
}
