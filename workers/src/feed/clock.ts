/**
 * Where the feed's market time comes from. The simulator only ever sees market time (an
 * instant whose Asia/Shanghai wall time is what the exchange clock reads), so the same
 * simulator runs on the real calendar, faster than real time, around the clock, or stepped.
 */
import { exchangeCalendar, shanghaiDate, type TradingCalendar } from '@bourse/shared';

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

/** One stretch of a demo day: market wall time `from`–`to` passes in `realMs`. */
export interface DemoSegment {
  from: string;
  to: string;
  realMs: number;
}

/**
 * A trading day in about 15 minutes, every phase in order: a minute of opening call, six of
 * trading each side of a short lunch, the closing call, and a brief night before the next day.
 * Continuous trading runs at 20× and fills four fifths of the cycle, so a newcomer at any hour
 * most likely lands in a trading market.
 */
export const DEMO_DAY: readonly DemoSegment[] = [
  { from: '09:00', to: '09:15', realMs: 15_000 },
  { from: '09:15', to: '09:25', realMs: 60_000 },
  { from: '09:25', to: '09:30', realMs: 15_000 },
  { from: '09:30', to: '11:30', realMs: 360_000 },
  { from: '11:30', to: '13:00', realMs: 30_000 },
  { from: '13:00', to: '14:57', realMs: 351_000 },
  { from: '14:57', to: '15:00', realMs: 30_000 },
  { from: '15:00', to: '15:30', realMs: 30_000 },
  { from: '15:30', to: '24:00', realMs: 15_000 },
];

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
}

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Midnight in Asia/Shanghai at the start of a YYYY-MM-DD date. */
export function shanghaiMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00+08:00`);
}

/** Demo mode: successive trading days, each compressed into one cycle of real time. */
export function demoClock(opts: DemoClockOptions = {}): DemoClock {
  const calendar = opts.calendar ?? exchangeCalendar;
  const now = opts.now ?? Date.now;
  const base = opts.schedule ?? DEMO_DAY;
  const baseCycle = base.reduce((sum, s) => sum + s.realMs, 0);
  const scale = (opts.cycleMs ?? baseCycle) / baseCycle;
  let realStart = 0;
  const segments = base.map((s) => {
    const seg = { fromMin: minutesOf(s.from), toMin: minutesOf(s.to), realStart, realMs: s.realMs * scale };
    realStart += seg.realMs;
    return seg;
  });
  const cycleMs = realStart;

  const today = shanghaiDate(now());
  const firstDate = opts.firstDate ?? (calendar.isTradingDay(today) ? today : calendar.nextTradingDay(today));
  const offsetOf = (minute: number) => {
    const seg = segments.find((s) => s.fromMin <= minute && minute < s.toMin) ?? segments[0]!;
    return seg.realStart + ((minute - seg.fromMin) / (seg.toMin - seg.fromMin)) * seg.realMs;
  };
  const anchor = opts.anchor ?? now() - offsetOf(minutesOf(opts.startAt ?? '09:35'));

  // Cycles only move forward in practice; walking the calendar from the last answer keeps it cheap.
  let cachedCycle = 0;
  let cachedDate = firstDate;
  const dateOfCycle = (k: number) => {
    cachedDate = calendar.addTradingDays(cachedDate, k - cachedCycle);
    cachedCycle = k;
    return cachedDate;
  };

  return {
    simulated: true,
    anchor,
    firstDate,
    cycleMs,
    wallNow: now,
    marketNow() {
      const elapsed = now() - anchor;
      const k = Math.floor(elapsed / cycleMs);
      const offset = elapsed - k * cycleMs;
      const seg = segments.findLast((s) => s.realStart <= offset) ?? segments[0]!;
      const minute = seg.fromMin + ((offset - seg.realStart) / seg.realMs) * (seg.toMin - seg.fromMin);
      return shanghaiMidnight(dateOfCycle(k)) + Math.floor(minute * 60_000);
    },
  };
}
