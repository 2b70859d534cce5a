import { describe, expect, it } from 'vitest';
import { timelineOf } from './timeline.ts';

describe('timelineOf', () => {
  it('reads newest first and ends with the handover', () => {
    expect(
      timelineOf({
        createdAt: '2026-11-27T08:00:00.000Z',
        events: [
          { event: 'pickedUp', at: '2026-11-27T12:00:00.000Z' },
          { event: 'departedOrigin', at: '2026-11-28T02:00:00.000Z' },
        ],
      }).map((s) => s.event),
    ).toEqual(['departedOrigin', 'pickedUp', 'created']);
  });

  it('shows the handover alone before the carrier has the parcel', () => {
    expect(timelineOf({ createdAt: '2026-11-27T08:00:00.000Z', events: [] })).toEqual([
      { event: 'created', at: '2026-11-27T08:00:00.000Z' },
    ]);
  });
});
