import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema.ts';

/** Cash in CNY, to the cent. */
export const cny = (name: string) => numeric(name, { precision: 20, scale: 2 });
/** A price: two decimals for stocks, three for funds. */
export const priceColumn = (name: string) => numeric(name, { precision: 12, scale: 3 });
export const createdNow = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();
/** The owning user; no cascade: money records outlive nothing they belong to. */
export const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id);
