/**
 * Where the feed's market time comes from. The simulator only ever sees market time (an
 * instant whose Asia/Shanghai wall time is what the exchange clock reads), so the same
 * simulator runs on the real calendar, faster than real time, around the clock, or stepped.
 */
import {
  DEMO_DAY,
  type DemoClockState,
  type DemoSegment,
  demoTimeline,
  exchangeCalendar,
  shanghaiDate,
  type TradingCalendar,
} from '@bourse/shared';

export interface FeedClock {
  /** True unless market time is real exchange time; published so screens label a simulation. */
  readonly simulated: boolean;
  /** Market time now, ms since the epoch. */
  marketNow(): number;
  /** Real time now, stamped on published data as `ts`. */
  wallNow(): number;
}

type Now = () => number;

/** Production: market time is real time in Asia/Shanghai, on the exchange calendar. */
export function exchangeClock(now: Now = Date.now): FeedClock {
  return { simulated: false, marketNow: now, wallNow: now };
}

/** Market time runs `speed` times faster than real time from `marketStart`. */
export function acceleratedClock(opts: { speed: number; marketStart: number; now?: Now }): FeedClock {
  const now = opts.now ?? Date.now;
  const wallStart = now();
  return {
    simulated: true,
    marketNow: () => opts.marketStart + (now() - wallStart) * opts.speed,
    wallNow: now,
  };
}

/** A clock that moves only when told to: replays and tests. Wall time equals market time. */
export interface SteppedClock extends FeedClock {
  advance(ms: number): void;
  set(instant: number): void;
}

export function steppedClock(start: number, simulated = true): SteppedClock {
  let t = start;
  return {
    simulated,
    marketNow: () => t,
    wallNow: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (instant) => {
      if (instant < t) throw new RangeError('a stepped clock does not run backwards');
      t = instant;
    },
  };
}

export { DEMO_DAY, type DemoSegment, shanghaiMidnight } from '@bourse/shared';

export interface DemoClockOptions {
  schedule?: readonly DemoSegment[];
  /** Stretches or shrinks the schedule to this cycle length (86,400,000: one trading day per real day). */
  cycleMs?: number;
  /** The trading date of cycle 0; default the trading day on or after today in Shanghai. */
  firstDate?: string;
  /**
   * Real time at which cycle 0 begins. Default: now, shifted so the feed opens at `startAt`.
   * A standby feed taking over must use the active one's anchor and first date to continue its day.
   */
  anchor?: number;
  /** Market wall time at start when no anchor is given; default '09:35' (trading under way). */
  startAt?: string;
  calendar?: TradingCalendar;
  now?: Now;
}

export interface DemoClock extends FeedClock {
  readonly anchor: number;
  readonly firstDate: string;
  readonly cycleMs: number;
  /**
   * Moves market time forward to the next moment its wall time reads `hhmm` (today's, or the
   * next trading day's once today's has passed) by moving the anchor back; the clock then runs
   * on from there. Only the feed's test clock (FEED_TEST_CLOCK) calls it. Returns the real ms skipped.
   */
  skipTo(hhmm: string): number;
}

/** What the market status publishes of a demo clock; nothing for the exchange's. */
export function demoClockState(clock: FeedClock): DemoClockState | undefined {
  if (!('anchor' in clock)) return undefined;
  const { anchor, firstDate, cycleMs } = clock as DemoClock;
  return { anchor, firstDate, cycleMs };
}

/** Demo mode: successive trading days, each compressed into one cycle of real time. */
export function demoClock(opts: DemoClockOptions = {}): DemoClock {
  const calendar = opts.calendar ?? exchangeCalendar;
  const now = opts.now ?? Date.now;
  const schedule = opts.schedule ?? DEMO_DAY;
  const cycleMs = opts.cycleMs ?? schedule.reduce((sum, s) => sum + s.realMs, 0);
  const today = shanghaiDate(now());
  const firstDate = opts.firstDate ?? (calendar.isTradingDay(today) ? today : calendar.nextTradingDay(today));
  // Placed at anchor 0 first, to find how far into a cycle `startAt` lies.
  const startOffset = demoTimeline({ anchor: 0, firstDate, cycleMs }, { schedule, calendar }).wallWhen(
    opts.startAt ?? '09:35',
    0,
  );
  let anchor = opts.anchor ?? now() - startOffset;
  const timelineAt = (at: number) => demoTimeline({ anchor: at, firstDate, cycleMs }, { schedule, calendar });
  let timeline = timelineAt(anchor);
  return {
    simulated: true,
    get anchor() {
      return anchor;
    },
    firstDate,
    cycleMs,
    wallNow: now,
    marketNow: () => timeline.marketAt(now()),
    skipTo(hhmm) {
      const wall = now();
      const skipped = timeline.wallWhen(hhmm, wall) - wall;
      anchor -= skipped;
      timeline = timelineAt(anchor);
      return skipped;
    },
  };
}
