import { randomUUID } from 'node:crypto';
import { DomainError, type NewMessage, type ShipmentView } from '@bourse/shared';
import type { Queue } from 'bullmq';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { notifyAll } from '../../messages/notify.ts';
import type { MessagePublisher } from '../../messages/publisher.ts';
import type { Db } from '../../platform/database.ts';
import { logger } from '../../platform/logger.ts';
import type { Carrier } from './carrier.ts';
import { storeShipmentEvents, storeShipments } from './schema.ts';
import type { ShipmentPublisher } from './shipmentPublisher.ts';
import { enqueueShipmentAdvance } from './shipmentQueue.ts';

/** What the order module learns when a parcel is delivered, inside the transaction that records it. */
export interface Delivered {
  orderId: string;
  userId: string;
  shipmentId: string;
  deliveredAt: Date;
}

/** The order module's port: mark the order delivered with `tx`, so both commit or neither does. */
export type DeliveredHook = (tx: Db, delivered: Delivered) => Promise<void>;

export interface LogisticsDeps {
  db: Db;
  carrier: Carrier;
  queue: Queue;
  messages: MessagePublisher;
  shipments: ShipmentPublisher;
  onDelivered: DeliveredHook;
  now?: () => Date;
}

/** What starting a shipment needs: the automatic fulfilment (autoFulfilment.ts) passes its transaction as `db`. */
export type StartShipmentDeps = Pick<LogisticsDeps, 'db' | 'carrier' | 'queue' | 'now'>;

type ShipmentRow = typeof storeShipments.$inferSelect;

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

async function viewOf(db: Db, row: ShipmentRow): Promise<ShipmentView> {
  const events = await db
    .select({ event: storeShipmentEvents.event, at: storeShipmentEvents.occurredAt })
    .from(storeShipmentEvents)
    .where(eq(storeShipmentEvents.shipmentId, row.id))
    .orderBy(asc(storeShipmentEvents.occurredAt));
  return {
    trackingNo: row.trackingNo,
    orderId: row.storeOrderId,
    carrier: row.carrier,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    events: events.map((e) => ({ event: e.event, at: e.at.toISOString() })),
  };
}

async function shipmentOfOrder(db: Db, orderId: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(storeShipments).where(eq(storeShipments.storeOrderId, orderId));
  return row;
}

/**
 * Hands an order's parcel to the carrier and schedules its first look. Starting an order's
 * shipment again answers the one it has. If the job cannot be queued, the sweep queues it.
 */
export async function startShipment(
  deps: StartShipmentDeps,
  input: { orderId: string; userId: string },
): Promise<{ shipmentId: string; trackingNo: string }> {
  const existing = await shipmentOfOrder(deps.db, input.orderId);
  if (existing) return { shipmentId: existing.id, trackingNo: existing.trackingNo };
  const shipmentId = randomUUID();
  const { trackingNo } = await deps.carrier.createShipment({ shipmentId, orderId: input.orderId });
  const createdAt = nowOf(deps);
  const { nextCheckAt } = await deps.carrier.track({ trackingNo, handedOverAt: createdAt }, createdAt);
  const [inserted] = await deps.db
    .insert(storeShipments)
    .values({
      id: shipmentId,
      storeOrderId: input.orderId,
      userId: input.userId,
      carrier: deps.carrier.code,
      trackingNo,
      nextCheckAt,
      createdAt,
    })
    .onConflictDoNothing({ target: storeShipments.storeOrderId })
    .returning();
  if (!inserted) {
    // Another request started it first.
    const winner = await shipmentOfOrder(deps.db, input.orderId);
    if (!winner) throw new Error(`shipment of order ${input.orderId} vanished`);
    return { shipmentId: winner.id, trackingNo: winner.trackingNo };
  }
  const delayMs = (nextCheckAt?.getTime() ?? createdAt.getTime()) - createdAt.getTime();
  await enqueueShipmentAdvance(deps.queue, shipmentId, delayMs).catch((err: Error) =>
    logger.warn({ err: err.message, shipmentId }, 'logistics: job not queued; the sweep will'),
  );
  return { shipmentId, trackingNo };
}

/**
 * Books a parcel the shopper sends back under the tracking number on their own label (a
 * return: `parcelKey` names it in place of an order), in the caller's transaction. Answers
 * null when that tracking number is already a parcel's. The caller queues its first look
 * (enqueueShipmentAdvance, `delayMs`) after its commit; until then the sweep would.
 */
export async function bookReturnParcel(
  deps: Pick<StartShipmentDeps, 'db' | 'carrier' | 'now'>,
  input: { parcelKey: string; userId: string; trackingNo: string },
): Promise<{ shipmentId: string; delayMs: number } | null> {
  const createdAt = nowOf(deps);
  const { nextCheckAt } = await deps.carrier.track(
    { trackingNo: input.trackingNo, handedOverAt: createdAt },
    createdAt,
  );
  const [inserted] = await deps.db
    .insert(storeShipments)
    .values({
      storeOrderId: input.parcelKey,
      userId: input.userId,
      carrier: deps.carrier.code,
      trackingNo: input.trackingNo,
      nextCheckAt,
      createdAt,
    })
    .onConflictDoNothing()
    .returning({ id: storeShipments.id });
  if (!inserted) return null;
  return {
    shipmentId: inserted.id,
    delayMs: (nextCheckAt?.getTime() ?? createdAt.getTime()) - createdAt.getTime(),
  };
}

export type Advanced =
  | { kind: 'unknown' }
  | { kind: 'delivered' }
  | { kind: 'waiting'; nextCheckAt: Date; recorded: number };

/**
 * Asks the carrier for a shipment's news and records what is new: the events, a message for
 * each, and on delivery the order's hook, in one transaction; then pushes them to the owner.
 * Safe to repeat: an event is recorded, told and hooked once.
 */
export async function advanceShipment(deps: LogisticsDeps, shipmentId: string): Promise<Advanced> {
  const [found] = await deps.db.select().from(storeShipments).where(eq(storeShipments.id, shipmentId));
  if (!found) return { kind: 'unknown' };
  if (found.status === 'delivered') return { kind: 'delivered' };
  const report = await deps.carrier.track(
    { trackingNo: found.trackingNo, handedOverAt: found.createdAt },
    nowOf(deps),
  );
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(storeShipments)
      .where(eq(storeShipments.id, shipmentId))
      .for('update');
    if (!row) throw new Error(`shipment ${shipmentId} vanished`);
    const recorded =
      report.events.length === 0
        ? []
        : await tx
            .insert(storeShipmentEvents)
            .values(report.events.map((e) => ({ shipmentId, event: e.event, occurredAt: e.at })))
            .onConflictDoNothing()
            .returning({ event: storeShipmentEvents.event, at: storeShipmentEvents.occurredAt });
    const latest = report.events.at(-1);
    const delivered = report.events.find((e) => e.event === 'delivered');
    const [updated] = await tx
      .update(storeShipments)
      .set({
        status: latest?.event ?? 'created',
        nextCheckAt: report.nextCheckAt,
        deliveredAt: delivered?.at ?? null,
      })
      .where(eq(storeShipments.id, shipmentId))
      .returning();
    const told: NewMessage[] = recorded
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((e) => ({
        userId: row.userId,
        kind: 'shipmentEvent',
        params: { trackingNo: row.trackingNo, orderId: row.storeOrderId, event: e.event },
      }));
    const sent = await notifyAll(tx, told);
    if (delivered && recorded.some((e) => e.event === 'delivered')) {
      await deps.onDelivered(tx, {
        orderId: row.storeOrderId,
        userId: row.userId,
        shipmentId,
        deliveredAt: delivered.at,
      });
    }
    return { sent, view: await viewOf(tx, updated ?? row), userId: row.userId };
  });
  if (outcome.sent.length > 0) {
    deps.messages.publish(outcome.sent);
    deps.shipments.publish(outcome.userId, outcome.view);
  }
  if (!report.nextCheckAt) return { kind: 'delivered' };
  return { kind: 'waiting', nextCheckAt: report.nextCheckAt, recorded: outcome.sent.length };
}

/** Shipments whose next look is due by `now`: the sweep queues their jobs again. */
export async function dueShipmentIds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: storeShipments.id })
    .from(storeShipments)
    .where(and(isNotNull(storeShipments.nextCheckAt), lte(storeShipments.nextCheckAt, now)));
  return rows.map((r) => r.id);
}

/** Enqueues an advance job for every shipment due; each shipment's job id makes this harmless to repeat. */
export async function sweepShipments(deps: Pick<LogisticsDeps, 'db' | 'queue' | 'now'>): Promise<number> {
  const ids = await dueShipmentIds(deps.db, nowOf(deps));
  for (const id of ids) await enqueueShipmentAdvance(deps.queue, id);
  return ids.length;
}

/** The user's shipment by tracking number; another user's is as unknown as none. */
export async function shipmentOfUser(db: Db, userId: string, trackingNo: string): Promise<ShipmentView> {
  const [row] = await db
    .select()
    .from(storeShipments)
    .where(and(eq(storeShipments.trackingNo, trackingNo), eq(storeShipments.userId, userId)));
  if (!row) throw new DomainError('store.unknownShipment');
  return viewOf(db, row);
}
