import { createHash } from 'node:crypto';
import { SHIPMENT_EVENTS, type ShipmentEvent } from '@bourse/shared';
import type { AppConfig } from '../../platform/config.ts';
import type { Carrier, CarrierEvent, CarrierParcel, CarrierReport } from './carrier.ts';

const HOUR_MS = 3_600_000;

/**
 * Hours from the previous milestone (the handover for the first), drawn uniformly between the
 * bounds: about 4 to 11 days door to door, as a China → Europe/Asia e-commerce parcel takes by air.
 */
export const LEG_HOURS: Record<ShipmentEvent, readonly [min: number, max: number]> = {
  pickedUp: [2, 8],
  departedOrigin: [6, 24],
  exportCustoms: [6, 30],
  inTransit: [8, 36],
  importCleared: [24, 72],
  arrivedDestination: [6, 24],
  outForDelivery: [8, 24],
  delivered: [1, 8],
};

export interface SimulatedCarrierOptions {
  /** The same seed and tracking number always make the same journey. */
  seed: string;
  /** Real time runs this many times faster (demo mode: 1440, a day a minute). */
  timeScale: number;
}

/** A uniform draw in [0, 1) named by its parts: no state, so any process computes the same journey. */
function draw(...parts: string[]): number {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/** The simulated cross-border carrier: journeys computed from a seed, nothing stored of its own. */
export class SimulatedCarrier implements Carrier {
  readonly code = 'bourse-express';

  constructor(private readonly options: SimulatedCarrierOptions) {}

  async createShipment(input: { shipmentId: string }): Promise<{ trackingNo: string }> {
    const digits = String(Math.floor(draw(this.options.seed, 'tracking', input.shipmentId) * 1e10)).padStart(
      10,
      '0',
    );
    return { trackingNo: `BX${digits}CN` };
  }

  /** Every milestone of the parcel's journey with its time, reached or not. */
  journey(parcel: CarrierParcel): CarrierEvent[] {
    let at = parcel.handedOverAt.getTime();
    return SHIPMENT_EVENTS.map((event) => {
      const [min, max] = LEG_HOURS[event];
      const hours = min + draw(this.options.seed, parcel.trackingNo, event) * (max - min);
      at += Math.round((hours * HOUR_MS) / this.options.timeScale);
      return { event, at: new Date(at) };
    });
  }

  async track(parcel: CarrierParcel, now: Date): Promise<CarrierReport> {
    const journey = this.journey(parcel);
    const events = journey.filter((e) => e.at.getTime() <= now.getTime());
    return { events, nextCheckAt: journey[events.length]?.at ?? null };
  }
}

/** The deployment's carrier: the simulated one until a real carrier's adapter is configured. */
export function carrierOf(config: Pick<AppConfig, 'carrierSeed' | 'logisticsTimeScale'>): Carrier {
  return new SimulatedCarrier({ seed: config.carrierSeed, timeScale: config.logisticsTimeScale });
}
