import { Dec, roundTo } from '../money.ts';
import { exchangeCalendar, type TradingCalendar } from './calendar.ts';
import type { Board, Instrument, InstrumentKind } from './instruments.ts';
import { inForce, type Versioned } from './versioned.ts';

export interface PriceBandRule extends Versioned {
  /** Daily band as a fraction of the previous close (0.1 = ±10%). */
  readonly band: Dec;
  /** The band for stocks under risk warning (ST / *ST). */
  readonly stBand: Dec;
  /** Trading days without a band after a registration-based IPO (listing day = day 1). */
  readonly ipoNoBandDays: number;
}

export const PRICE_BANDS: Record<Board, readonly PriceBandRule[]> = {
  main: [
    // ±10% since 1996-12-16; ST ±5% since risk warnings began
    { effectiveFrom: '1998-04-22', band: new Dec('0.1'), stBand: new Dec('0.05'), ipoNoBandDays: 0 },
    // first registration-based main-board listings
    { effectiveFrom: '2023-04-10', band: new Dec('0.1'), stBand: new Dec('0.05'), ipoNoBandDays: 5 },
    { effectiveFrom: '2026-07-06', band: new Dec('0.1'), stBand: new Dec('0.1'), ipoNoBandDays: 5 },
  ],
  chinext: [
    { effectiveFrom: '2009-10-30', band: new Dec('0.1'), stBand: new Dec('0.05'), ipoNoBandDays: 0 },
    // ChiNext registration reform
    { effectiveFrom: '2020-08-24', band: new Dec('0.2'), stBand: new Dec('0.2'), ipoNoBandDays: 5 },
  ],
  star: [{ effectiveFrom: '2019-07-22', band: new Dec('0.2'), stBand: new Dec('0.2'), ipoNoBandDays: 5 }],
  // BSE lifts the band on the listing day only
  bse: [{ effectiveFrom: '2021-11-15', band: new Dec('0.3'), stBand: new Dec('0.3'), ipoNoBandDays: 1 }],
};

const TICK_SIZES: Record<InstrumentKind, Dec> = { stock: new Dec('0.01'), fund: new Dec('0.001') };

export function tickSize(kind: InstrumentKind): Dec {
  return TICK_SIZES[kind];
}

export function isOnTickGrid(price: Dec, kind: InstrumentKind): boolean {
  return price.mod(tickSize(kind)).isZero();
}

/** prevClose × (1 ± band), rounded half-up to the tick as the exchanges compute limit prices. */
export function bandAround(prevClose: Dec, band: Dec, kind: InstrumentKind): { up: Dec; down: Dec } {
  const places = tickSize(kind).decimalPlaces();
  return {
    up: roundTo(prevClose.times(new Dec(1).plus(band)), places),
    down: roundTo(prevClose.times(new Dec(1).minus(band)), places),
  };
}

export interface PriceLimitArgs {
  instrument: Instrument;
  prevClose: Dec;
  tradingDate: string;
  /** The stock's trading day counted from listing (1 = listing day); derived from listedOn when absent. */
  tradingDayIndex?: number;
  calendar?: TradingCalendar;
}

/** Limit-up and limit-down prices for a trading date; null where the stock has no band that day. */
export function priceLimits(args: PriceLimitArgs): { up: Dec; down: Dec } | null {
  const { instrument, prevClose, tradingDate, tradingDayIndex, calendar = exchangeCalendar } = args;
  const rule = inForce(PRICE_BANDS[instrument.board], tradingDate, 'price band');
  if (instrument.registrationIpo && rule.ipoNoBandDays > 0) {
    const inFirstDays =
      tradingDayIndex !== undefined
        ? tradingDayIndex <= rule.ipoNoBandDays
        : instrument.listedOn !== undefined &&
          instrument.listedOn <= tradingDate &&
          tradingDate < calendar.addTradingDays(instrument.listedOn, rule.ipoNoBandDays);
    if (inFirstDays) return null;
  }
  return bandAround(prevClose, instrument.isST ? rule.stBand : rule.band, instrument.kind);
}
