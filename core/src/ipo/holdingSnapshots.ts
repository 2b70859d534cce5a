import { classifySymbol, Dec, exchangeCalendar } from '@bourse/shared';
import { eq, gt, inArray, lt, type SQL } from 'drizzle-orm';
import { dayBarsOn, readDayBars } from '../market/history/barStore.ts';
import type { Db } from '../platform/database.ts';
import { positions } from '../trading/schema.ts';
import { holdingSnapshots } from './schema.ts';

/** Accounts per page: their positions are read and their snapshot rows written together. */
const USERS_PER_PAGE = 2_000;
/** Trading days of snapshots kept: the quota looks back 20 from T−2, and T is at most a week ahead. */
const RETENTION_TRADING_DAYS = 30;

type Exchange = 'SSE' | 'SZSE';

type Held = Pick<typeof positions.$inferSelect, 'userId' | 'symbol' | 'quantity' | 'cost'>;

/** Holdings per account and exchange valued at the day's closes (cents); a stock without one at its cost. */
function snapshotRows(
  held: readonly Held[],
  tradingDate: string,
  closeCents: (symbol: string) => number | undefined,
): (typeof holdingSnapshots.$inferInsert)[] {
  const values = new Map<string, { userId: string; exchange: Exchange; value: Dec }>();
  for (const p of held) {
    const cls = classifySymbol(p.symbol);
    if (cls?.kind !== 'stock' || cls.exchange === 'BSE' || p.quantity <= 0) continue;
    const close = closeCents(p.symbol);
    const value = close === undefined ? new Dec(p.cost) : new Dec(close).times(p.quantity).div(100);
    const key = `${p.userId}/${cls.exchange}`;
    const entry = values.get(key) ?? { userId: p.userId, exchange: cls.exchange, value: new Dec(0) };
    entry.value = entry.value.plus(value);
    values.set(key, entry);
  }
  return [...values.values()].map((r) => ({
    userId: r.userId,
    exchange: r.exchange,
    tradingDate,
    marketValue: r.value.toFixed(2),
  }));
}

/** What snapshotRows values: the positions `where` selects. */
const positionsWhere = (db: Db, where: SQL) =>
  db
    .select({
      userId: positions.userId,
      symbol: positions.symbol,
      quantity: positions.quantity,
      cost: positions.cost,
    })
    .from(positions)
    .where(where);

/**
 * One account's snapshots of past trading days, valuing what it holds now at each day's stored
 * close: for holdings bought on the first of `dates` and held unchanged since (demo mode's
 * starter portfolio, bought in the backfilled past). Writes nothing twice.
 */
export async function snapshotPastHoldings(db: Db, userId: string, dates: readonly string[]): Promise<void> {
  if (dates.length === 0) return;
  const held = await positionsWhere(db, eq(positions.userId, userId));
  const closes = new Map<string, number>();
  for (const { symbol } of held) {
    const { bars } = await readDayBars(db, symbol, dates.length, dates.at(-1));
    for (const bar of bars) closes.set(`${symbol}/${bar.tradingDate}`, bar.close);
  }
  const rows = dates.flatMap((date) => snapshotRows(held, date, (symbol) => closes.get(`${symbol}/${date}`)));
  if (rows.length > 0) await db.insert(holdingSnapshots).values(rows).onConflictDoNothing();
}

/**
 * Each account's A-share holdings per exchange at the close of `tradingDate`: quantity × the day's
 * close from the stored day bars; a stock without a bar that day (suspended, or a new listing the
 * simulator does not trade) is valued at its cost. Funds and BSE shares do not count towards the
 * quota. Writes nothing twice; null when the day's bars are not stored yet (retry later).
 */
export async function snapshotHoldings(db: Db, tradingDate: string): Promise<{ rows: number } | null> {
  const closes = await dayBarsOn(db, tradingDate);
  if (closes.size === 0) return null;
  let written = 0;
  for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
    const users = await db
      .selectDistinct({ userId: positions.userId })
      .from(positions)
      .where(gt(positions.userId, after))
      .orderBy(positions.userId)
      .limit(USERS_PER_PAGE);
    if (users.length === 0) break;
    const held = await positionsWhere(
      db,
      inArray(
        positions.userId,
        users.map((u) => u.userId),
      ),
    );
    const rows = snapshotRows(held, tradingDate, (symbol) => closes.get(symbol)?.close);
    if (rows.length > 0) await db.insert(holdingSnapshots).values(rows).onConflictDoNothing();
    written += rows.length;
    after = users[users.length - 1]!.userId;
  }
  await db
    .delete(holdingSnapshots)
    .where(
      lt(holdingSnapshots.tradingDate, exchangeCalendar.addTradingDays(tradingDate, -RETENTION_TRADING_DAYS)),
    );
  return { rows: written };
}
