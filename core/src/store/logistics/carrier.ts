import type { ShipmentEvent } from '@bourse/shared';

/** One milestone as the carrier reports it. */
export interface CarrierEvent {
  event: ShipmentEvent;
  at: Date;
}

/** A parcel the carrier has been handed, as far as the carrier needs to know it. */
export interface CarrierParcel {
  trackingNo: string;
  /** When the parcel was handed over (the shipment's creation). */
  handedOverAt: Date;
}

/** What the carrier says about a parcel at a moment. */
export interface CarrierReport {
  /** Every milestone reached by then, oldest first. */
  events: CarrierEvent[];
  /** When to ask again; null once the parcel is delivered. */
  nextCheckAt: Date | null;
}

/**
 * A cross-border carrier. A real one books a shipment with its API and answers `track` from its
 * tracking API (or from webhooks it stored); the simulated one computes both from a seed.
 */
export interface Carrier {
  /** Stored with each shipment, so a change of carrier leaves old parcels with theirs. */
  readonly code: string;
  /** Books a shipment; answers its tracking number. `shipmentId` makes a retried booking the same. */
  createShipment(input: { shipmentId: string; orderId: string }): Promise<{ trackingNo: string }>;
  track(parcel: CarrierParcel, now: Date): Promise<CarrierReport>;
}
