import { SHIPMENT_EVENTS } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { LEG_HOURS, SimulatedCarrier } from './simulatedCarrier.ts';

const HOUR = 3_600_000;
const parcel = { trackingNo: 'BX0123456789CN', handedOverAt: new Date('2026-11-27T08:00:00Z') };

describe('the simulated carrier', () => {
  it('makes the same tracking number and journey from the same seed, another from another seed', async () => {
    const a = new SimulatedCarrier({ seed: 'seed-a', timeScale: 1 });
    const again = new SimulatedCarrier({ seed: 'seed-a', timeScale: 1 });
    const b = new SimulatedCarrier({ seed: 'seed-b', timeScale: 1 });
    const shipmentId = '0b5c7f2e-8f55-4c3e-9d55-0a4f3c2b1a00';
    const tracking = await a.createShipment({ shipmentId });
    expect(tracking.trackingNo).toMatch(/^BX\d{10}CN$/);
    expect(await again.createShipment({ shipmentId })).toEqual(tracking);
    expect(await b.createShipment({ shipmentId })).not.toEqual(tracking);
    expect(again.journey(parcel)).toEqual(a.journey(parcel));
    expect(b.journey(parcel)).not.toEqual(a.journey(parcel));
  });

  it('reports every milestone in order, each leg within its bounds', () => {
    const journey = new SimulatedCarrier({ seed: 's', timeScale: 1 }).journey(parcel);
    expect(journey.map((e) => e.event)).toEqual([...SHIPMENT_EVENTS]);
    let previous = parcel.handedOverAt.getTime();
    for (const { event, at } of journey) {
      const [min, max] = LEG_HOURS[event];
      const hours = (at.getTime() - previous) / HOUR;
      expect(hours).toBeGreaterThanOrEqual(min);
      expect(hours).toBeLessThanOrEqual(max);
      previous = at.getTime();
    }
    // Door to door: at least the sum of the minimums (61 h), at most the sum of the maximums (226 h).
    const days = (previous - parcel.handedOverAt.getTime()) / (24 * HOUR);
    expect(days).toBeGreaterThan(61 / 24);
    expect(days).toBeLessThan(226 / 24);
  });

  it('compresses time by the scale: a day a minute in demo mode', () => {
    const real = new SimulatedCarrier({ seed: 's', timeScale: 1 }).journey(parcel);
    const demo = new SimulatedCarrier({ seed: 's', timeScale: 1440 }).journey(parcel);
    const start = parcel.handedOverAt.getTime();
    real.forEach((e, i) => {
      const compressed = (demo[i]?.at.getTime() ?? 0) - start;
      // Each leg is rounded to the millisecond, so eight legs may drift by up to 4 ms.
      expect(Math.abs(compressed - (e.at.getTime() - start) / 1440)).toBeLessThanOrEqual(4);
    });
  });

  it('tells what has happened by a moment and when to ask next; nothing more once delivered', async () => {
    const carrier = new SimulatedCarrier({ seed: 's', timeScale: 1 });
    const journey = carrier.journey(parcel);
    const before = await carrier.track(parcel, parcel.handedOverAt);
    expect(before).toEqual({ events: [], nextCheckAt: journey[0]?.at });
    const third = journey[2]?.at ?? new Date();
    expect(await carrier.track(parcel, third)).toEqual({
      events: journey.slice(0, 3),
      nextCheckAt: journey[3]?.at,
    });
    const end = new Date(parcel.handedOverAt.getTime() + 30 * 24 * HOUR);
    expect(await carrier.track(parcel, end)).toEqual({ events: journey, nextCheckAt: null });
  });
});
