import { DRAGON_TIGER_REASONS } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  foreignKey,
  index,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Encoded bars (marketBars.ts in @bourse/shared); node-postgres reads a Buffer, PGlite a Uint8Array. */
const encodedBars = customType<{ data: Uint8Array; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});
const cny = (name: string) => numeric(name, { precision: 20, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 10, scale: 2 });

/**
 * Day bars, one row per symbol and calendar month holding that month's days encoded
 * (encodeDayBars): kept forever, and the demo clock makes about 90 trading days a real day,
 * which as one row a bar would outgrow the embedded database. Days are only ever added before
 * `first_date` or after `last_date`; see workers/src/market/README.md.
 */
export const marketDayBars = pgTable(
  'market_day_bars',
  {
    symbol: text('symbol').notNull(),
    /** The first day of the month. */
    month: date('month').notNull(),
    firstDate: date('first_date').notNull(),
    lastDate: date('last_date').notNull(),
    bars: encodedBars('bars').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.month] })],
);

/** One symbol's 1-minute bars of one finished trading day (a minute series); old days are deleted. */
export const marketMinuteBars = pgTable(
  'market_minute_bars',
  {
    symbol: text('symbol').notNull(),
    tradingDate: date('trading_date').notNull(),
    series: encodedBars('series').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.tradingDate] }),
    // The retention policy deletes by day.
    index('market_minute_bars_trading_date_idx').on(t.tradingDate),
  ],
);

/** A trading day whose dragon-tiger list is built (possibly empty). */
export const dragonTigerDays = pgTable('market_dragon_tiger_days', {
  tradingDate: date('trading_date').primaryKey(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

export const dragonTigerEntries = pgTable(
  'market_dragon_tiger_entries',
  {
    tradingDate: date('trading_date')
      .notNull()
      .references(() => dragonTigerDays.tradingDate, { onDelete: 'cascade' }),
    reason: text('reason', { enum: DRAGON_TIGER_REASONS }).notNull(),
    /** 1..5 within the reason. */
    position: smallint('position').notNull(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    /** The figure that met the test, percent. */
    value: percent('value').notNull(),
    close: numeric('close', { precision: 12, scale: 2 }).notNull(),
    pct: percent('pct').notNull(),
    turnover: cny('turnover').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradingDate, t.reason, t.symbol] }),
    check(
      'market_dragon_tiger_entries_reason_check',
      sql`${t.reason} in (${sql.raw(DRAGON_TIGER_REASONS.map((r) => `'${r}'`).join(', '))})`,
    ),
  ],
);

/** The five biggest buying and selling seats of a listed stock's day. */
export const dragonTigerSeats = pgTable(
  'market_dragon_tiger_seats',
  {
    tradingDate: date('trading_date').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    /** 1..5, biggest first. */
    position: smallint('position').notNull(),
    seat: text('seat').notNull(),
    amount: cny('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradingDate, t.symbol, t.side, t.position] }),
    foreignKey({ columns: [t.tradingDate], foreignColumns: [dragonTigerDays.tradingDate] }).onDelete(
      'cascade',
    ),
    check('market_dragon_tiger_seats_side_check', sql`${t.side} in ('buy', 'sell')`),
  ],
);
