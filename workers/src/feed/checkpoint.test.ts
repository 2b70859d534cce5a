import { describe, expect, it } from 'vitest';
import { CHECKPOINT_VERSION, decodeCheckpoint } from './checkpoint.ts';
import { type SteppedClock, steppedClock } from './clock.ts';
import { SimulatedFeed } from './simulatedFeed.ts';
import { generateUniverse, type Universe } from './universe/universe.ts';

const DAY = '2026-07-07';
const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+08:00`);
const SEED = 'checkpoint';

/** Pumps once early, then every 7 s of market time (off the 3 s grid) from 2 minutes before T1 to 5 after. */
function schedule(t1: number): number[] {
  const instants = [at('09:10')];
  for (let t = t1 - 120_000; t <= t1 + 300_000; t += 7_000) instants.push(t);
  return instants;
}

/** Every event a feed publishes, as text, in order. */
function recorder(feed: SimulatedFeed): string[] {
  const events: string[] = [];
  feed.onQuotes((batch) => events.push(`quotes ${JSON.stringify(batch)}`));
  feed.onIndices((batch) => events.push(`indices ${JSON.stringify(batch)}`));
  feed.onTrades((batch) => events.push(`trades ${JSON.stringify(batch)}`));
  feed.onPhase((change) => events.push(`phase ${JSON.stringify(change)}`));
  return events;
}

function feedOf(universe: Universe, clock: SteppedClock, seed = SEED): SimulatedFeed {
  return new SimulatedFeed({ clock, seed, universe });
}

/** An uninterrupted run, checkpointing on the way at `checkpointAt` in the pump that passes it. */
function uninterrupted(universe: Universe, checkpointAt: number) {
  const clock = steppedClock(at('09:00'));
  const feed = feedOf(universe, clock);
  const events = recorder(feed);
  let checkpoint: Buffer | undefined;
  const eventsAfter: string[][] = [];
  for (const t of schedule(checkpointAt)) {
    clock.set(t);
    const from = events.length;
    const taken = feed.pump({ checkpointAt });
    checkpoint ??= taken;
    // From the pump that took the checkpoint on: it ran on past T1 to the clock.
    if (checkpoint) eventsAfter.push(events.slice(from));
  }
  return { checkpoint: checkpoint!, eventsAfter };
}

describe('simulator checkpoints', () => {
  const universe = generateUniverse({ seed: SEED, size: 200 });

  it.each([
    ['in the opening call', '09:21'],
    ['in continuous trading', '10:42'],
    ['in the lunch break, resuming into the afternoon', '12:57'],
    ['in the afternoon', '14:20'],
  ])(
    'a feed resumed from a checkpoint taken %s publishes what the uninterrupted run did, byte for byte',
    (_, hhmm) => {
      // T1 just after a whole minute, off the grid: the checkpoint holds every instant up to it.
      const t1 = at(hhmm) + 1_000;
      const run = uninterrupted(universe, t1);
      expect(run.checkpoint.length).toBeGreaterThan(0);

      // The killed feed is gone; a new one, built afresh, resumes from its bytes.
      const clock = steppedClock(at('09:00'));
      const resumed = feedOf(universe, clock);
      const events = recorder(resumed);
      resumed.resume(decodeCheckpoint(run.checkpoint)!);
      const eventsAfter: string[][] = [];
      const pumpedAt = schedule(t1).filter((t) => t > t1);
      for (const t of pumpedAt) {
        clock.set(t);
        const from = events.length;
        resumed.pump();
        eventsAfter.push(events.slice(from));
      }
      // The first pump past T1 also carried the trades up to T1; the resumed feed has only those after it.
      const first = run.eventsAfter[0]!.map((event) =>
        event.startsWith('trades ')
          ? `trades ${JSON.stringify(JSON.parse(event.slice(7)).filter((trade: { time: number }) => trade.time > t1))}`
          : event,
      );
      expect(eventsAfter.length).toBe(run.eventsAfter.length);
      expect(eventsAfter[0]!.filter((e) => e !== 'trades []')).toEqual(
        first.filter((e) => e !== 'trades []'),
      );
      expect(eventsAfter.slice(1)).toEqual(run.eventsAfter.slice(1));
      expect(eventsAfter.flat().some((e) => e.startsWith('trades '))).toBe(true);
    },
    // A whole morning simulated twice: generous for a loaded two-core machine.
    120_000,
  );

  it('refuses a checkpoint of another simulation, another version or damaged bytes', () => {
    const run = uninterrupted(universe, at('10:00') + 1_000);
    const state = decodeCheckpoint(run.checkpoint)!;
    const otherSeed = feedOf(universe, steppedClock(at('09:00')), 'another seed');
    expect(() => otherSeed.resume(state)).toThrow(RangeError);
    const otherCloses = generateUniverse({ seed: SEED, size: 200 });
    otherCloses.listings[0]!.prevCloseCents += 1;
    expect(() => feedOf(otherCloses, steppedClock(at('09:00'))).resume(state)).toThrow(RangeError);

    const newer = Buffer.from(run.checkpoint);
    newer.writeUInt32LE(CHECKPOINT_VERSION + 1, 0);
    expect(decodeCheckpoint(newer)).toBeUndefined();
    expect(decodeCheckpoint(run.checkpoint.subarray(0, run.checkpoint.length - 1))).toBeUndefined();
    expect(decodeCheckpoint(Buffer.from('not a checkpoint'))).toBeUndefined();
  }, 120_000);
});
