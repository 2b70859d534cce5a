// Types only: drizzle-kit loads this file without the shared package's runtime.
import type { PriceAlertKind } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';

/**
 * Users' price alerts: the system of record the evaluators' in-memory indexes are loaded from.
 * A firing is claimed here (claim.ts) before it is delivered: a one-shot alert goes from enabled
 * to disabled, a repeating one moves `last_fired_at` on, so one firing is delivered once.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    /** The stock's name when the alert was set, for the list and the message. */
    name: text('name').notNull(),
    kind: text('kind').$type<PriceAlertKind>().notNull(),
    /** The price of `above`/`below`, else null. */
    level: numeric('level', { precision: 12, scale: 3 }),
    /** The daily change of `riseBy`/`fallBy` in percent, else null. */
    percent: numeric('percent', { precision: 5, scale: 2 }),
    /** Null for a one-shot alert; the market-time minutes a repeating one stays quiet after firing. */
    cooldownMinutes: integer('cooldown_minutes'),
    enabled: boolean('enabled').notNull().default(true),
    /** Market time (ADR 0017) of the quote that last fired it. */
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    lastFiredPrice: numeric('last_fired_price', { precision: 12, scale: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.createdAt),
    // What an evaluator loads: the enabled alerts only.
    index('price_alerts_enabled_idx').on(t.symbol).where(sql`${t.enabled}`),
    check('price_alerts_symbol_check', sql`${t.symbol} ~ '^[0-9]{6}$'`),
    check(
      'price_alerts_kind_check',
      sql`${t.kind} in ('above', 'below', 'riseBy', 'fallBy', 'limitUp', 'limitDown')`,
    ),
    // Each kind has its one threshold: a price, a percent, or none (the day's limits).
    check('price_alerts_level_kind_check', sql`(${t.level} is not null) = (${t.kind} in ('above', 'below'))`),
    check(
      'price_alerts_percent_kind_check',
      sql`(${t.percent} is not null) = (${t.kind} in ('riseBy', 'fallBy'))`,
    ),
    check('price_alerts_level_check', sql`${t.level} is null or ${t.level} > 0`),
    check(
      'price_alerts_percent_check',
      sql`${t.percent} is null or (${t.percent} > 0 and ${t.percent} <= 30)`,
    ),
    check(
      'price_alerts_cooldown_check',
      sql`${t.cooldownMinutes} is null or ${t.cooldownMinutes} between 1 and 1440`,
    ),
  ],
);
