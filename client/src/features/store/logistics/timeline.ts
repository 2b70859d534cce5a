import type { ShipmentStatus, ShipmentView } from '@bourse/shared';

export interface TimelineStep {
  event: ShipmentStatus;
  at: string;
}

/** Newest first, ending with the handover to the carrier (`created`), as parcel trackers read. */
export function timelineOf(shipment: Pick<ShipmentView, 'createdAt' | 'events'>): TimelineStep[] {
  const steps: TimelineStep[] = [{ event: 'created', at: shipment.createdAt }, ...shipment.events];
  return steps.reverse();
}
