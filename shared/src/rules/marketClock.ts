/**
 * The market's clock as pure arithmetic. Demo mode: successive trading days, each compressed into
 * one cycle of real time; the feed runs on it and publishes its three parameters with the market
 * status, so the server stamps records and the client shows the clock from the same figures.
 */
import { exchangeCalendar, type TradingCalendar } from './calendar.ts';
import { addDays, shanghaiDate } from './dates.ts';
import { type MarketPhase, SESSION_SCHEDULES } from './sessions.ts';
import { inForce } from './versioned.ts';

/** One stretch of a demo day: market wall time `from`–`to` passes in `realMs`. */
export interface DemoSegment {
  from: string;
  to: string;
  realMs: number;
}

/**
 * A trading day, every phase in order: a minute of opening call, six of trading each side of a
 * short lunch, the closing call, and a brief night before the next day (906 s before scaling).
 * Continuous trading fills four fifths of the cycle, so a newcomer at any hour most likely lands
 * in a trading market.
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

/**
 * Real ms a demo trading day lasts unless FEED_DEMO_CYCLE_MS says otherwise: nine minutes, so
 * that a newcomer who registers at any moment can subscribe to a new share and reach its payment
 * (T+2, 16:00) within 30 real minutes (demoTimeline.test.ts works it out).
 */
export const DEFAULT_DEMO_CYCLE_MS = 540_000;

/** What fixes a demo clock: real time of cycle 0's start, the trading date of cycle 0, the cycle's length. */
export interface DemoClockState {
  anchor: number;
  firstDate: string;
  cycleMs: number;
}

export interface DemoTimeline {
  readonly cycleMs: number;
  /** Market time (ms since the epoch, read in Asia/Shanghai) at a real instant. */
  marketAt(wall: number): number;
  /**
   * The first real instant at or after `wall` when the market's wall time reaches `hhmm` on the
   * trading date running at `wall`, or on the next one once that moment has passed.
   */
  wallWhen(hhmm: string, wall: number): number;
}

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Midnight in Asia/Shanghai at the start of a YYYY-MM-DD date. */
export function shanghaiMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00+08:00`);
}

export function demoTimeline(
  state: DemoClockState,
  opts: { schedule?: readonly DemoSegment[]; calendar?: TradingCalendar } = {},
): DemoTimeline {
  const calendar = opts.calendar ?? exchangeCalendar;
  const base = opts.schedule ?? DEMO_DAY;
  const baseCycle = base.reduce((sum, s) => sum + s.realMs, 0);
  const scale = state.cycleMs / baseCycle;
  let realStart = 0;
  const segments = base.map((s) => {
    const seg = { fromMin: minutesOf(s.from), toMin: minutesOf(s.to), realStart, realMs: s.realMs * scale };
    realStart += seg.realMs;
    return seg;
  });
  const cycleMs = realStart;
  const offsetOf = (minute: number) => {
    const seg =
      segments.find((s) => s.fromMin <= minute && minute < s.toMin) ??
      (minute < segments[0]!.fromMin ? segments[0]! : segments.at(-1)!);
    const within = Math.min(Math.max(minute, seg.fromMin), seg.toMin) - seg.fromMin;
    return seg.realStart + (within / (seg.toMin - seg.fromMin)) * seg.realMs;
  };

  // Cycles only move forward in practice; walking the calendar from the last answer keeps it cheap.
  let cachedCycle = 0;
  let cachedDate = state.firstDate;
  const dateOfCycle = (k: number) => {
    cachedDate = calendar.addTradingDays(cachedDate, k - cachedCycle);
    cachedCycle = k;
    return cachedDate;
  };

  return {
    cycleMs,
    marketAt(wall) {
      const elapsed = wall - state.anchor;
      const k = Math.floor(elapsed / cycleMs);
      const offset = elapsed - k * cycleMs;
      const seg = segments.findLast((s) => s.realStart <= offset) ?? segments[0]!;
      const minute = seg.fromMin + ((offset - seg.realStart) / seg.realMs) * (seg.toMin - seg.fromMin);
      return shanghaiMidnight(dateOfCycle(k)) + Math.floor(minute * 60_000);
    },
    wallWhen(hhmm, wall) {
      const k = Math.floor((wall - state.anchor) / cycleMs);
      const at = state.anchor + k * cycleMs + offsetOf(minutesOf(hhmm));
      return at >= wall ? at : at + cycleMs;
    },
  };
}

/** Phases a countdown announces: 09:20's lock of the opening call and midnight's pre-open change nothing a user waits for. */
const ANNOUNCED = (phase: MarketPhase) => phase !== 'preOpen' && phase !== 'openingCallLocked';

/**
 * The next phase change after the market instant `instant`, on the exchange's session schedule:
 * its market time and the phase it starts; after the day's close, the next trading day's opening call.
 */
export function nextPhaseChange(
  instant: number,
  calendar: TradingCalendar = exchangeCalendar,
): { at: number; phase: MarketPhase } {
  let date = shanghaiDate(instant);
  // Weeks of holidays at most lie between two trading days.
  for (let day = 0; day < 31; day++, date = addDays(date, 1)) {
    if (!calendar.isTradingDay(date)) continue;
    for (const { from, phase } of inForce(SESSION_SCHEDULES, date, 'session').phases) {
      const at = shanghaiMidnight(date) + minutesOf(from) * 60_000;
      if (at > instant && ANNOUNCED(phase)) return { at, phase };
    }
  }
  throw new RangeError(`no trading day within a month of ${date}`);
}
