// Types only: drizzle-kit loads this file without the shared package's runtime.
import type { ShipmentEvent, ShipmentStatus } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../accounts/schema.ts';

/**
 * A parcel handed to a carrier for one store order. `store_order_id` has no foreign key: the
 * order module is separate and names its orders by id; one shipment per order.
 */
export const storeShipments = pgTable(
  'store_shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeOrderId: text('store_order_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNo: text('tracking_no').notNull(),
    /** The latest event, or `created` before the first. */
    status: text('status').$type<ShipmentStatus>().notNull().default('created'),
    /** When the carrier expects news next; null once delivered. The sweep reads it. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('store_shipments_order_idx').on(t.storeOrderId),
    uniqueIndex('store_shipments_tracking_idx').on(t.trackingNo),
    index('store_shipments_due_idx').on(t.nextCheckAt).where(sql`${t.nextCheckAt} is not null`),
  ],
);

/** A shipment's milestones; the key makes recording one twice (a retried job) a no-op. */
export const storeShipmentEvents = pgTable(
  'store_shipment_events',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => storeShipments.id, { onDelete: 'cascade' }),
    event: text('event').$type<ShipmentEvent>().notNull(),
    /** When the carrier saw it. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.event] })],
);
