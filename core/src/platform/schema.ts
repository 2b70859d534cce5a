import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Key material made on first start (the login RSA key pair); never in the repository. */
export const serverKeys = pgTable('server_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/**
 * This database's random identity, one row made on first start: the deployment's Redis
 * namespace derives from it, so two databases never share queues, locks or quotes (docs/adr/0013).
 */
export const databaseInstance = pgTable(
  'database_instance',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    id: text('id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('database_instance_singleton', sql`${t.singleton}`)],
);
