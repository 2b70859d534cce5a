/**
 * Demo mode's starter portfolio. The IPO quota needs average holdings of 10,000 CNY over the 20
 * trading days to T-2, which no new account can have; so a new demo account starts as if it had
 * bought a few liquid Shanghai and Shenzhen names some 30 trading days ago, at that day's closes
 * from the stored history. It is recorded the way the market would have recorded it (orders,
 * fills, journal entries and fill messages on that market date, then the holding snapshots of
 * each day since), and the quota comes out of the real rule. See docs/adr/0017.
 */
import {
  type DayBar,
  Dec,
  exchangeCalendar,
  feedShard,
  type InstrumentListing,
  orderReserve,
  shanghaiMidnight,
} from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { snapshotPastHoldings } from '../ipo/holdingSnapshots.ts';
import { deposit, post, type UserCash } from '../ledger/ledger.ts';
import { dayBarRange, dayBarsOn } from '../market/history/barStore.ts';
import { stampMarketTime } from '../market/marketClock.ts';
import type { Db } from '../platform/database.ts';
import { applyFill, newOutbox, type OrderRow } from './execution.ts';
import { orders } from './schema.ts';

export const STARTER_PORTFOLIO = {
  /** CNY at cost, at most; a smaller deposit buys three tenths of itself. */
  value: new Dec(300_000),
  /** Trading days before today it was bought: the quota's window (20 days to T-2) lies inside. */
  tradingDaysAgo: 30,
  /** Names per exchange, each the most traded main-board stocks of the buy date. */
  perExchange: 2,
} as const;

/** Its orders' idempotency keys, one per name: a second grant to the same account could not insert them. */
const KEY_PREFIX = 'starter:';
const HOUR = 3_600_000;

export interface StarterPick {
  symbol: string;
  name: string;
  /** The buy date's close. */
  price: Dec;
  quantity: number;
}

/**
 * The most traded main-board names of each exchange on the buy date (no ST, priced 3–200 CNY so
 * a lot is a sensible share of the value), each bought in whole lots for an equal share of `value`.
 */
export function pickStarterHoldings(
  listing: readonly InstrumentListing[],
  bars: ReadonlyMap<string, DayBar>,
  value: Dec,
  perExchange: number = STARTER_PORTFOLIO.perExchange,
): StarterPick[] {
  const share = value.div(2 * perExchange);
  return (['SSE', 'SZSE'] as const).flatMap((exchange) =>
    listing
      .filter((l) => l.exchange === exchange && l.board === 'main' && !l.isST)
      .flatMap((l) => {
        const bar = bars.get(l.symbol);
        return bar && bar.close >= 300 && bar.close <= 20_000 ? [{ listing: l, bar }] : [];
      })
      .sort((a, b) => b.bar.turnover - a.bar.turnover || (a.listing.symbol < b.listing.symbol ? -1 : 1))
      .slice(0, perExchange)
      .map(({ listing: l, bar }) => {
        const price = new Dec(bar.close).div(100);
        return {
          symbol: l.symbol,
          name: l.name,
          price,
          quantity: share.div(price).div(100).floor().toNumber() * 100,
        };
      })
      .filter((p) => p.quantity > 0),
  );
}

/**
 * The buy date (STARTER_PORTFOLIO.tradingDaysAgo before `today`) and every trading day from it
 * through the newest stored close before today; undefined while the history does not reach back.
 */
export async function starterDates(db: Db, today: string): Promise<string[] | undefined> {
  const range = await dayBarRange(db);
  if (!range) return undefined;
  const last = range.last < today ? range.last : exchangeCalendar.previousTradingDay(today);
  const buyDate = exchangeCalendar.addTradingDays(today, -STARTER_PORTFOLIO.tradingDaysAgo);
  if (buyDate < range.first || buyDate > last) return undefined;
  const dates: string[] = [];
  for (let d = buyDate; d <= last; d = exchangeCalendar.nextTradingDay(d)) dates.push(d);
  return dates;
}

/**
 * Buys `picks` on `dates[0]` in the caller's transaction, as the closing auction of that day
 * would have: per name a limit order at the close with its freeze, one fill, its journal entry,
 * the position and the fill message, all stamped 15:00 of that market date; then the holding
 * snapshots of `dates`. `cash` must be the user's locked accounts.
 */
async function buyInThePast(tx: Db, cash: UserCash, picks: readonly StarterPick[], dates: readonly string[]) {
  const buyDate = dates[0]!;
  await stampMarketTime(tx, shanghaiMidnight(buyDate) + 15 * HOUR);
  const out = newOutbox(cash.userId, buyDate);
  for (const pick of picks) {
    const price = pick.price.toFixed(3);
    const reserve = orderReserve(
      { side: 'buy', kind: 'stock', tradingDate: buyDate, reservePrice: pick.price },
      new Dec(0),
      pick.quantity,
    );
    const [order] = (await tx
      .insert(orders)
      .values({
        userId: cash.userId,
        symbol: pick.symbol,
        name: pick.name,
        kind: 'stock',
        shard: feedShard(pick.symbol),
        side: 'buy',
        type: 'limit',
        price,
        reservePrice: price,
        quantity: pick.quantity,
        frozenCash: reserve.toFixed(2),
        status: 'pending',
        tradingDate: buyDate,
        idempotencyKey: `${KEY_PREFIX}${pick.symbol}`,
        requestHash: KEY_PREFIX,
      })
      .returning()) as [OrderRow];
    await post(tx, cash, { kind: 'freeze', tradingDate: buyDate, orderId: order.id, symbol: pick.symbol }, [
      { account: 'available', amount: reserve.negated() },
      { account: 'frozen', amount: reserve },
    ]);
    await applyFill(tx, order, cash, { price: pick.price, quantity: pick.quantity, source: 'starter' }, out);
  }
  await snapshotPastHoldings(tx, cash.userId, dates);
}

/**
 * A new demo account's paper cash, and its starter portfolio when the stored history reaches
 * back far enough: the deposit is then dated the buy date (09:00), before the purchases, so the
 * money log reads in order. Without history (a deployment's first minutes) only the deposit, dated today.
 */
export async function openDemoAccount(
  tx: Db,
  args: { userId: string; amount: Dec; today: string; listing: readonly InstrumentListing[] },
): Promise<void> {
  const dates = await starterDates(tx, args.today);
  const value = Dec.min(STARTER_PORTFOLIO.value, args.amount.times('0.3'));
  const picks = dates ? pickStarterHoldings(args.listing, await dayBarsOn(tx, dates[0]!), value) : [];
  if (!dates || picks.length === 0) {
    await deposit(tx, args.userId, args.amount, args.today);
    return;
  }
  await stampMarketTime(tx, shanghaiMidnight(dates[0]!) + 9 * HOUR);
  const cash = await deposit(tx, args.userId, args.amount, dates[0]!);
  await buyInThePast(tx, cash, picks, dates);
}

/**
 * The starter portfolio for a demo account that never traded and has none (the `demo` login, or
 * an account opened before the history was stored), from the cash it has. Answers whether it bought.
 */
export async function grantStarterPortfolio(
  tx: Db,
  cash: UserCash,
  today: string,
  listing: readonly InstrumentListing[],
): Promise<boolean> {
  const [traded] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, cash.userId))
    .limit(1);
  if (traded) return false;
  const dates = await starterDates(tx, today);
  if (!dates) return false;
  const value = Dec.min(STARTER_PORTFOLIO.value, cash.available.balance.times('0.3'));
  const picks = pickStarterHoldings(listing, await dayBarsOn(tx, dates[0]!), value);
  if (picks.length === 0) return false;
  await buyInThePast(tx, cash, picks, dates);
  return true;
}
