/**
 * Bars in PostgreSQL: day bars in monthly runs (kept forever) and finished days' minute series
 * (kept for a retention window). The feed writes them, the history routes read them.
 */

import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type DayBar, decodeDayBars, decodeSeries, encodeDayBars, type MinuteSeries } from '@bourse/shared';
import { and, desc, eq, gte, inArray, lt, lte, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { marketDayBars, marketMinuteBars } from './schema.ts';

const INSERT_CHUNK = 1000;
const MINUTE_CHUNK = 500;
/** Fewest trading days a month has (February with the Spring Festival): how many runs a read needs. */
const MIN_DAYS_PER_MONTH = 12;

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface SymbolDayBar {
  symbol: string;
  bar: DayBar;
}

/** One symbol's day bars within one calendar month, encoded (encodeDayBars). */
export interface DayRun {
  symbol: string;
  firstDate: string;
  lastDate: string;
  bars: Uint8Array;
}

/** A symbol's day bars of one calendar month, oldest first, as a run. */
export function dayRun(symbol: string, bars: readonly DayBar[]): DayRun {
  return {
    symbol,
    firstDate: bars[0]!.tradingDate,
    lastDate: bars.at(-1)!.tradingDate,
    bars: encodeDayBars(bars),
  };
}

/** Bytea goes in as base64 text decoded by the database: PGlite takes binary parameters about four times slower. */
const base64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

/** Adds day bars of any symbols and days (see storeDayRuns). */
export async function storeDayBars(db: Db, bars: readonly SymbolDayBar[]): Promise<void> {
  const runs = new Map<string, { symbol: string; bars: DayBar[] }>();
  for (const { symbol, bar } of bars) {
    const key = `${symbol} ${bar.tradingDate.slice(0, 7)}`;
    const run = runs.get(key);
    if (run) run.bars.push(bar);
    else runs.set(key, { symbol, bars: [bar] });
  }
  const sorted = [...runs.values()].map(({ symbol, bars: days }) =>
    dayRun(
      symbol,
      days.sort((a, b) => (a.tradingDate < b.tradingDate ? -1 : 1)),
    ),
  );
  await storeDayRuns(db, sorted);
}

/**
 * Adds month runs, at most one per symbol and month. A stored run only grows at its ends, so
 * days already stored (a feed finishing its day again after a takeover) leave it as it is.
 */
export async function storeDayRuns(db: Db, runs: readonly DayRun[]): Promise<void> {
  const t = marketDayBars;
  for (const chunk of chunks(runs, INSERT_CHUNK)) {
    const column = <T>(value: (run: DayRun) => T) => sql.param(chunk.map(value));
    await db.execute(sql`
      insert into ${t} (symbol, month, first_date, last_date, bars)
      select symbol, month, first_date, last_date, decode(bars, 'base64')
      from unnest(
        ${column((r) => r.symbol)}::text[],
        ${column((r) => monthOf(r.firstDate))}::date[],
        ${column((r) => r.firstDate)}::date[],
        ${column((r) => r.lastDate)}::date[],
        ${column((r) => base64(r.bars))}::text[]
      ) as run(symbol, month, first_date, last_date, bars)
      on conflict (symbol, month) do update set
        bars = case when excluded.first_date > ${t.lastDate} then ${t.bars} || excluded.bars
                    else excluded.bars || ${t.bars} end,
        first_date = least(${t.firstDate}, excluded.first_date),
        last_date = greatest(${t.lastDate}, excluded.last_date)
      where excluded.first_date > ${t.lastDate} or excluded.last_date < ${t.firstDate}`);
    // The embedded database works on this thread: let timers (the feed's lock) run between chunks.
    await yieldToEventLoop();
  }
}

/** A symbol's day bars up to `uptoDate` (inclusive, or all), the newest `count`, oldest first; `more` if older ones exist. */
export async function readDayBars(
  db: Db,
  symbol: string,
  count: number,
  uptoDate?: string,
): Promise<{ bars: DayBar[]; more: boolean }> {
  const t = marketDayBars;
  const bars: DayBar[] = [];
  let bound = uptoDate === undefined ? undefined : lte(t.month, monthOf(uptoDate));
  const pageSize = Math.ceil((count + 1) / MIN_DAYS_PER_MONTH) + 1;
  for (;;) {
    const rows = await db
      .select({ month: t.month, bars: t.bars })
      .from(t)
      .where(and(eq(t.symbol, symbol), bound))
      .orderBy(desc(t.month))
      .limit(pageSize);
    for (const row of rows) {
      const days = decodeDayBars(row.month.slice(0, 7), row.bars);
      bars.unshift(...(uptoDate === undefined ? days : days.filter((b) => b.tradingDate <= uptoDate)));
    }
    if (bars.length > count) return { bars: bars.slice(bars.length - count), more: true };
    if (rows.length < pageSize) return { bars, more: false };
    bound = lt(t.month, rows.at(-1)!.month);
  }
}

/** Every symbol's day bar of one trading day. */
export async function dayBarsOn(db: Db, tradingDate: string): Promise<Map<string, DayBar>> {
  const t = marketDayBars;
  const rows = await db
    .select({ symbol: t.symbol, bars: t.bars })
    .from(t)
    .where(
      and(eq(t.month, monthOf(tradingDate)), lte(t.firstDate, tradingDate), gte(t.lastDate, tradingDate)),
    );
  const out = new Map<string, DayBar>();
  for (const row of rows) {
    const bar = decodeDayBars(tradingDate.slice(0, 7), row.bars).find((b) => b.tradingDate === tradingDate);
    if (bar) out.set(row.symbol, bar);
  }
  return out;
}

/**
 * Day bars from `fromDate` to `toDate` (inclusive), by symbol, oldest first: of the given
 * symbols, or of every symbol when none are given. One range read of the months' runs.
 */
export async function dayBarsBetween(
  db: Db,
  fromDate: string,
  toDate: string,
  symbols?: readonly string[],
): Promise<Map<string, DayBar[]>> {
  const t = marketDayBars;
  const out = new Map<string, DayBar[]>();
  if (symbols?.length === 0) return out;
  const rows = await db
    .select({ symbol: t.symbol, month: t.month, bars: t.bars })
    .from(t)
    .where(
      and(
        gte(t.month, monthOf(fromDate)),
        lte(t.month, monthOf(toDate)),
        symbols ? inArray(t.symbol, [...symbols]) : undefined,
      ),
    )
    .orderBy(t.month);
  for (const row of rows) {
    const days = decodeDayBars(row.month.slice(0, 7), row.bars).filter(
      (b) => b.tradingDate >= fromDate && b.tradingDate <= toDate,
    );
    if (days.length === 0) continue;
    const bars = out.get(row.symbol);
    if (bars) bars.push(...days);
    else out.set(row.symbol, days);
  }
  return out;
}

/** The first and last trading day with stored day bars, or null while there is no history. */
export async function dayBarRange(db: Db): Promise<{ first: string; last: string } | null> {
  const t = marketDayBars;
  const [row] = await db.select({ first: min(t.firstDate), last: max(t.lastDate) }).from(t);
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

/** Finished days' minute series; storing a day again changes nothing. */
export async function storeMinuteSeries(
  db: Db,
  tradingDate: string,
  series: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  const t = marketMinuteBars;
  // Many values rather than unnest: PGlite parses a large array of blobs slowly.
  for (const chunk of chunks([...series], MINUTE_CHUNK)) {
    const rows = chunk.map(
      ([symbol, bytes]) => sql`(${symbol}, ${tradingDate}::date, decode(${base64(bytes)}, 'base64'))`,
    );
    await db.execute(sql`insert into ${t} (symbol, trading_date, series) values ${sql.join(rows, sql`, `)}
      on conflict do nothing`);
    await yieldToEventLoop();
  }
}

export interface StoredMinuteDay {
  tradingDate: string;
  series: MinuteSeries;
}

/** A symbol's stored minute days up to `uptoDate` (inclusive, or all), the newest `count`, newest first. */
export async function readMinuteDays(
  db: Db,
  symbol: string,
  count: number,
  uptoDate?: string,
): Promise<StoredMinuteDay[]> {
  const t = marketMinuteBars;
  const rows = await db
    .select({ tradingDate: t.tradingDate, series: t.series })
    .from(t)
    .where(and(eq(t.symbol, symbol), uptoDate === undefined ? undefined : lte(t.tradingDate, uptoDate)))
    .orderBy(desc(t.tradingDate))
    .limit(count);
  return rows.map((row) => ({ tradingDate: row.tradingDate, series: decodeSeries(row.series) }));
}

/** The retention policy: deletes minute series of days before `firstKept`. */
export async function deleteMinuteDaysBefore(db: Db, firstKept: string): Promise<void> {
  await db.delete(marketMinuteBars).where(lt(marketMinuteBars.tradingDate, firstKept));
}
