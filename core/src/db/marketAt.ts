import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** The transaction-local setting stampMarketTime (market/marketClock.ts) writes. */
export const MARKET_AT_SETTING = 'bourse.market_at';

/**
 * When a record's event happened on the market's clock, beside its created_at (real time): in
 * demo mode the compressed days make the two differ. The default reads the transaction's stamp,
 * so every row a trading transaction writes (order, fill, journal entry, message) carries the
 * same market time without each insert naming it; unstamped writes get real time, which is market
 * time on the exchange calendar. Null on rows written before the column existed: read created_at.
 */
export const marketAt = () =>
  timestamp('market_at', { withTimezone: true }).default(
    sql`coalesce(nullif(current_setting('bourse.market_at', true), '')::timestamptz, now())`,
  );
