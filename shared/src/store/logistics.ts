import { z } from 'zod';
import { defineRoute } from '../api/route.ts';

/**
 * A cross-border parcel's milestones, in the order a carrier reports them. The shipment's
 * status is its latest milestone, or `created` before the carrier has picked it up.
 */
export const SHIPMENT_EVENTS = [
  'pickedUp',
  'departedOrigin',
  'exportCustoms',
  'inTransit',
  'importCleared',
  'arrivedDestination',
  'outForDelivery',
  'delivered',
] as const;
export type ShipmentEvent = (typeof SHIPMENT_EVENTS)[number];
export const SHIPMENT_STATUSES = ['created', ...SHIPMENT_EVENTS] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Carrier tracking numbers: two letters, ten digits, two letters (UPU S10 shape, e.g. BX0123456789CN). */
export const TRACKING_NO_PATTERN = /^[A-Z]{2}\d{10}[A-Z]{2}$/;

export const shipmentEventSchema = z.object({
  event: z.enum(SHIPMENT_EVENTS),
  /** When the carrier saw it, ISO. */
  at: z.string(),
});

/** A shipment as its owner reads it: the /user `shipment` event and GET /store/logistics carry it. */
export const shipmentSchema = z.object({
  trackingNo: z.string(),
  /** The store order it carries. */
  orderId: z.string(),
  carrier: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  createdAt: z.string(),
  /** Oldest first. */
  events: z.array(shipmentEventSchema),
});
export type ShipmentView = z.infer<typeof shipmentSchema>;

export const LOGISTICS_QUEUES = { shipments: 'store-shipments' } as const;

export const SHIPMENT_JOBS = {
  /** Asks the carrier for a shipment's news and records it; waits for the next expected event. */
  advance: 'advance',
  /** Enqueues `advance` for every shipment due and not delivered: after a restart or a lost job. */
  sweep: 'sweep',
} as const;

export const shipmentAdvanceJobSchema = z.object({ shipmentId: z.uuid() });
export type ShipmentAdvanceJob = z.infer<typeof shipmentAdvanceJobSchema>;

export const shipmentJobIds = {
  /** One advance job per shipment at a time. */
  advance: (shipmentId: string) => `shipment-advance-${shipmentId}`,
};

export const logisticsRoutes = {
  shipment: defineRoute({
    method: 'get',
    path: '/store/logistics',
    summary: "One of the user's shipments by tracking number, with its events",
    auth: 'user',
    query: z.object({
      trackingNo: z
        .string({ message: 'store.badTrackingNo' })
        .regex(TRACKING_NO_PATTERN, { message: 'store.badTrackingNo' }),
    }),
    response: shipmentSchema,
  }),
};
