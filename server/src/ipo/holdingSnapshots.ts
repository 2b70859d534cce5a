import { classifySymbol, Dec, exchangeCalendar } from '@bourse/shared';
import { gt, inArray, lt } from 'drizzle-orm';
import { dayBarsOn } from '../market/history/barStore.ts';
import type { Db } from '../platform/database.ts';
import { positions } from '../trading/schema.ts';
import { holdingSnapshots } from './schema.ts';

/** Accounts per page: their positions are read and their snapshot rows written together. */
const USERS_PER_PAGE = 2_000;
/** Trading days of snapshots kept: the quota looks back 20 from T−2, and T is at most a week ahead. */
const RETENTION_TRADING_DAYS = 30;

type Exchange = 'SSE' | 'SZSE';

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
    const held = await db
      .select({
        userId: positions.userId,
        symbol: positions.symbol,
        quantity: positions.quantity,
        cost: positions.cost,
      })
      .from(positions)
      .where(
        inArray(
          positions.userId,
          users.map((u) => u.userId),
        ),
      );
    const values = new Map<string, { userId: string; exchange: Exchange; value: Dec }>();
    for (const p of held) {
      const cls = classifySymbol(p.symbol);
      if (cls?.kind !== 'stock' || cls.exchange === 'BSE' || p.quantity <= 0) continue;
      const bar = closes.get(p.symbol);
      const value = bar ? new Dec(bar.close).times(p.quantity).div(100) : new Dec(p.cost);
      const key = `${p.userId}/${cls.exchange}`;
      const entry = values.get(key) ?? { userId: p.userId, exchange: cls.exchange, value: new Dec(0) };
      entry.value = entry.value.plus(value);
      values.set(key, entry);
    }
    const rows = [...values.values()];
    if (rows.length > 0) {
      await db
        .insert(holdingSnapshots)
        .values(
          rows.map((r) => ({
            userId: r.userId,
            exchange: r.exchange,
            tradingDate,
            marketValue: r.value.toFixed(2),
          })),
        )
        .onConflictDoNothing();
    }
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
