/** Dragon-tiger lists per trading day: built once by the after-close job, read by the list routes. */
import { Dec, DRAGON_TIGER_REASONS, type DragonTigerEntry, toFixedString } from '@bourse/shared';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { dragonTigerDays, dragonTigerEntries, dragonTigerSeats } from './schema.ts';

export interface DragonTigerDay {
  tradingDate: string;
  entries: DragonTigerEntry[];
}

/** Stores a day's list in one transaction; false, and nothing written, if that day is already stored. */
export async function storeDragonTigerDay(db: Db, day: DragonTigerDay): Promise<boolean> {
  const { tradingDate, entries } = day;
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(dragonTigerDays)
      .values({ tradingDate })
      .onConflictDoNothing()
      .returning({ tradingDate: dragonTigerDays.tradingDate });
    if (created.length === 0) return false;
    if (entries.length === 0) return true;
    const positions = new Map<string, number>();
    await tx.insert(dragonTigerEntries).values(
      entries.map((e) => {
        const position = (positions.get(e.reason) ?? 0) + 1;
        positions.set(e.reason, position);
        return { tradingDate, position, ...e };
      }),
    );
    // A stock listed for several reasons has one set of seats.
    const seatsBySymbol = new Map(entries.map((e) => [e.symbol, e]));
    await tx.insert(dragonTigerSeats).values(
      [...seatsBySymbol.values()].flatMap((e) => [
        ...e.buys.map((s, i) => ({
          tradingDate,
          symbol: e.symbol,
          side: 'buy' as const,
          position: i + 1,
          ...s,
        })),
        ...e.sells.map((s, i) => ({
          tradingDate,
          symbol: e.symbol,
          side: 'sell' as const,
          position: i + 1,
          ...s,
        })),
      ]),
    );
    return true;
  });
}

const money = (value: string) => toFixedString(value, 2);

/** A day's list (the latest built one without a date), or null when there is none. */
export async function readDragonTigerDay(db: Db, date?: string): Promise<DragonTigerDay | null> {
  const tradingDate = date ?? (await dragonTigerDates(db, 1))[0];
  if (tradingDate === undefined) return null;
  const [day] = await db.select().from(dragonTigerDays).where(eq(dragonTigerDays.tradingDate, tradingDate));
  if (!day) return null;
  const [rows, seats] = await Promise.all([
    db.select().from(dragonTigerEntries).where(eq(dragonTigerEntries.tradingDate, tradingDate)),
    db
      .select()
      .from(dragonTigerSeats)
      .where(eq(dragonTigerSeats.tradingDate, tradingDate))
      .orderBy(asc(dragonTigerSeats.position)),
  ]);
  const seatsOf = (symbol: string, side: 'buy' | 'sell') =>
    seats
      .filter((s) => s.symbol === symbol && s.side === side)
      .map((s) => ({ seat: s.seat, amount: money(s.amount) }));
  rows.sort(
    (a, b) =>
      DRAGON_TIGER_REASONS.indexOf(a.reason) - DRAGON_TIGER_REASONS.indexOf(b.reason) ||
      a.position - b.position,
  );
  const entries = rows.map((r): DragonTigerEntry => {
    const buys = seatsOf(r.symbol, 'buy');
    const sells = seatsOf(r.symbol, 'sell');
    const total = (list: { amount: string }[]) => list.reduce((sum, s) => sum.plus(s.amount), new Dec(0));
    return {
      symbol: r.symbol,
      name: r.name,
      reason: r.reason,
      value: money(r.value),
      close: money(r.close),
      pct: money(r.pct),
      turnover: money(r.turnover),
      buys,
      sells,
      net: money(total(buys).minus(total(sells)).toString()),
    };
  });
  return { tradingDate, entries };
}

/** Trading days with a built list, newest first. */
export async function dragonTigerDates(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ tradingDate: dragonTigerDays.tradingDate })
    .from(dragonTigerDays)
    .orderBy(desc(dragonTigerDays.tradingDate))
    .limit(limit);
  return rows.map((r) => r.tradingDate);
}
