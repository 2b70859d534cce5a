import { Dec, FEED_KEYS, feedInstrumentsSchema, type InstrumentListing, parseJson } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { PlatformContext } from '../platform/context.ts';
import type { Db } from '../platform/database.ts';
import { type MarketView, tradingDateOf } from '../trading/marketView.ts';
import { orders } from '../trading/schema.ts';
import { grantStarterPortfolio, openDemoAccount } from '../trading/starterPortfolio.ts';
import { lockUserCash } from './ledger.ts';

/** The feed's instrument listing (names, boards, ST flags); empty before a feed has published one. */
async function listingOf(app: PlatformContext): Promise<InstrumentListing[]> {
  return (
    parseJson(feedInstrumentsSchema, await app.redis.get(`${app.redisPrefix}${FEED_KEYS.instrumentsKey}`)) ??
    []
  );
}

/**
 * Demo mode's paper cash, a real deposit entry from the external account, never a magic balance;
 * with the market's history stored, the starter portfolio bought in that past (trading/starterPortfolio.ts).
 */
export function startingDeposit(
  app: PlatformContext,
  market: MarketView,
): (tx: Db, userId: string) => Promise<void> {
  return async (tx, userId) => {
    await openDemoAccount(tx, {
      userId,
      amount: new Dec(app.config.startingDeposit),
      today: tradingDateOf(await market.status()),
      listing: await listingOf(app),
    });
  };
}

/**
 * Demo mode, at login: an account that never traded gets its starter portfolio if it has none
 * (the `demo` login is seeded before the feed stores any history). Answers whether it bought.
 */
export async function ensureStarterPortfolio(
  app: PlatformContext,
  market: MarketView,
  userId: string,
): Promise<boolean> {
  const [traded] = await app.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, userId))
    .limit(1);
  if (traded) return false;
  const listing = await listingOf(app);
  const today = tradingDateOf(await market.status());
  // The cash lock serialises two logins at once; the second finds the first one's orders.
  return app.db.transaction(async (tx) =>
    grantStarterPortfolio(tx, await lockUserCash(tx, userId), today, listing),
  );
}
