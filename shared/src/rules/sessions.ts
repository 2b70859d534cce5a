import { exchangeCalendar, type TradingCalendar } from './calendar.ts';
import { shanghaiDate, shanghaiMinuteOfDay } from './dates.ts';
import type { Board, Instrument } from './instruments.ts';
import { inForce, type Versioned } from './versioned.ts';

export type MarketPhase =
  | 'closed'
  | 'preOpen'
  | 'openingCall'
  | 'openingCallLocked'
  | 'preContinuous'
  | 'continuous'
  | 'lunchBreak'
  | 'closingCall'
  | 'postClose'
  | 'afterHoursFixed';

export interface SessionSchedule extends Versioned {
  /** Phases of a trading day, Asia/Shanghai wall-clock start times in order; each lasts until the next. */
  readonly phases: readonly { readonly from: `${number}:${number}`; readonly phase: MarketPhase }[];
}

/** The same for SSE, SZSE and BSE since SSE adopted the closing call auction on 2018-08-20. */
export const SESSION_SCHEDULES: readonly SessionSchedule[] = [
  {
    effectiveFrom: '2018-08-20',
    phases: [
      { from: '00:00', phase: 'preOpen' },
      { from: '09:15', phase: 'openingCall' },
      { from: '09:20', phase: 'openingCallLocked' },
      { from: '09:25', phase: 'preContinuous' },
      { from: '09:30', phase: 'continuous' },
      { from: '11:30', phase: 'lunchBreak' },
      { from: '13:00', phase: 'continuous' },
      { from: '14:57', phase: 'closingCall' },
      { from: '15:00', phase: 'postClose' },
      { from: '15:05', phase: 'afterHoursFixed' },
      { from: '15:30', phase: 'closed' },
    ],
  },
];

function minuteOf(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The market phase at an instant; every moment of a non-trading day is 'closed'. */
export function phaseAt(instant: number | Date, calendar: TradingCalendar = exchangeCalendar): MarketPhase {
  const date = shanghaiDate(instant);
  if (!calendar.isTradingDay(date)) return 'closed';
  const minute = shanghaiMinuteOfDay(instant);
  const { phases } = inForce(SESSION_SCHEDULES, date, 'session');
  return phases.findLast((p) => minuteOf(p.from) <= minute)?.phase ?? 'closed';
}

/**
 * What the exchange hosts take in each phase. 9:25–9:30 orders and cancels are accepted but only
 * processed at 9:30; cancels are refused in the last five minutes of each call auction.
 */
const PHASE_ACCEPTS: Record<MarketPhase, { orders: boolean; cancels: boolean }> = {
  closed: { orders: false, cancels: false },
  preOpen: { orders: false, cancels: false },
  openingCall: { orders: true, cancels: true },
  openingCallLocked: { orders: true, cancels: false },
  preContinuous: { orders: true, cancels: true },
  continuous: { orders: true, cancels: true },
  lunchBreak: { orders: false, cancels: false },
  closingCall: { orders: true, cancels: false },
  postClose: { orders: false, cancels: false },
  afterHoursFixed: { orders: true, cancels: true },
};

export function acceptsOrders(phase: MarketPhase): boolean {
  return PHASE_ACCEPTS[phase].orders;
}

export function acceptsCancels(phase: MarketPhase): boolean {
  return PHASE_ACCEPTS[phase].cancels;
}

/** Whether a board's stocks trade after hours at the close (盘后固定价格交易, 15:05–15:30). */
export interface AfterHoursRule extends Versioned {
  readonly offered: boolean;
}

export const AFTER_HOURS_FIXED_PRICE: Record<Board, readonly AfterHoursRule[]> = {
  main: [
    { effectiveFrom: '1998-04-22', offered: false },
    // opened to every SSE and SZSE A-share (DESIGN.md; docs/domain-rules.md)
    { effectiveFrom: '2026-07-06', offered: true },
  ],
  chinext: [
    { effectiveFrom: '2009-10-30', offered: false },
    { effectiveFrom: '2020-08-24', offered: true },
  ],
  star: [{ effectiveFrom: '2019-07-22', offered: true }],
  bse: [{ effectiveFrom: '2021-11-15', offered: true }],
};

/** After-hours fixed-price trading for an instrument on a trading date: stocks only, by board and date. */
export function hasAfterHoursFixedPrice(
  instrument: Pick<Instrument, 'board' | 'kind'>,
  tradingDate: string,
): boolean {
  if (instrument.kind !== 'stock') return false;
  return inForce(AFTER_HOURS_FIXED_PRICE[instrument.board], tradingDate, 'after-hours').offered;
}

/** The call auctions, where every fill is at the one uncrossing price. */
export function isCallAuction(phase: MarketPhase): boolean {
  return phase === 'openingCall' || phase === 'openingCallLocked' || phase === 'closingCall';
}
