import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Storefront money: USD to the cent. */
export const usd = (name: string) => numeric(name, { precision: 12, scale: 2 });
/** A moment, with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
