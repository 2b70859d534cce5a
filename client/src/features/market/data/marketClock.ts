import {
  type DemoClockState,
  type DemoTimeline,
  demoTimeline,
  type MarketPhase,
  type MarketStatus,
  nextPhaseChange,
  shanghaiMinuteOfDay,
} from '@bourse/shared';

/** What the status strip shows of the market's clock at one real instant. */
export interface MarketClockView {
  /** Market time now, ms (read in Asia/Shanghai). */
  marketNow: number;
  /**
   * The next phase and the real ms until it starts: what a user waits, whatever the market's pace.
   * Null for a simulation whose pace is not published.
   */
  next: { phase: MarketPhase; realMs: number } | null;
  /** Demo mode: the real ms one trading day lasts; null on the exchange's clock. */
  cycleMs: number | null;
}

let cached: { state: DemoClockState; timeline: DemoTimeline } | undefined;
function timelineOf(state: DemoClockState): DemoTimeline {
  const { anchor, firstDate, cycleMs } = state;
  if (cached?.state.anchor !== anchor || cached.state.firstDate !== firstDate || cached.state.cycleMs !== cycleMs)
    cached = { state, timeline: demoTimeline(state) };
  return cached.timeline;
}

const hhmm = (instant: number) => {
  const minute = shanghaiMinuteOfDay(instant);
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
};

/** The market's clock at the real instant `wall`, from the feed's status (the same arithmetic as the server's). */
export function marketClockView(status: MarketStatus, wall: number): MarketClockView {
  if (status.clock) {
    const timeline = timelineOf(status.clock);
    const marketNow = timeline.marketAt(wall);
    const change = nextPhaseChange(marketNow);
    // Each demo cycle is the next trading day, so the change's time of day on the demo clock is its real instant.
    const realAt = timeline.wallWhen(hhmm(change.at), wall);
    return { marketNow, next: { phase: change.phase, realMs: realAt - wall }, cycleMs: status.clock.cycleMs };
  }
  if (status.simulated) return { marketNow: status.time, next: null, cycleMs: null };
  const change = nextPhaseChange(wall);
  return { marketNow: wall, next: { phase: change.phase, realMs: change.at - wall }, cycleMs: null };
}

/** A countdown in real time: m:ss, or h:mm:ss from an hour. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
