/**
 * Calibration of the price process. Volatilities are daily (240 trading minutes); the
 * defaults land the stylised facts `pnpm feed:stats` prints in the ranges real A-shares show.
 */
export interface ProcessParams {
  /** Daily volatility of the market factor and of each sector factor. */
  marketDailyVol: number;
  sectorDailyVol: number;
  /** Stationary sd and half-life in trading minutes of the log-volatility of each stock, and of the factors. */
  stockLogVolSd: number;
  stockLogVolHalfLife: number;
  factorLogVolSd: number;
  factorLogVolHalfLife: number;
  /** Degrees of freedom of the Student-t stock shocks. */
  tailDof: number;
  /** Chance a stock has news on a given day, the share of good news, and the jump's log size. */
  newsProbability: number;
  newsUpShare: number;
  newsMinSize: number;
  newsMeanExcess: number;
  /** Log-vol added by news: trading heats up after it. */
  newsVolBoost: number;
  /** Each day a few sectors become the theme: total log drift over the day for each member. */
  hotSectors: number;
  hotDrift: readonly [number, number];
  coldSectors: number;
  coldDrift: readonly [number, number];
  /** Share of a close's distance from fair value that carries into the next day (limit-up streaks). */
  overnightCarry: number;
  overnightGapVol: number;
  /** Daily pull of a stock's log price back towards its long-run level, so years of demo days stay sane. */
  meanReversion: number;
  /** Call-auction volume as a share of a typical day's volume. */
  openAuctionShare: number;
  closeAuctionShare: number;
  /** Volume at a sealed limit relative to open trading: few sell into a limit-up queue. */
  sealedVolumeFactor: number;
}

export const DEFAULT_PARAMS: ProcessParams = {
  marketDailyVol: 0.011,
  sectorDailyVol: 0.009,
  stockLogVolSd: 0.6,
  stockLogVolHalfLife: 150,
  factorLogVolSd: 0.4,
  factorLogVolHalfLife: 720,
  tailDof: 4,
  newsProbability: 0.035,
  newsUpShare: 0.7,
  newsMinSize: 0.02,
  newsMeanExcess: 0.045,
  newsVolBoost: 0.8,
  hotSectors: 3,
  hotDrift: [0.03, 0.06],
  coldSectors: 1,
  coldDrift: [-0.025, -0.005],
  overnightCarry: 0.5,
  overnightGapVol: 0.008,
  meanReversion: 0.01,
  openAuctionShare: 0.025,
  closeAuctionShare: 0.035,
  sealedVolumeFactor: 0.25,
};

/** Minutes of continuous trading in a day: 9:30–11:30 and 13:00–14:57. */
export const TRADING_MINUTES = 237;

/** Continuous-trading minute index (0 at 9:30, 120 at 13:00) of a Shanghai minute of day. */
export function tradingMinute(minuteOfDay: number): number {
  return minuteOfDay < 13 * 60 ? minuteOfDay - (9 * 60 + 30) : minuteOfDay - 13 * 60 + 120;
}

function normalised(shape: (tau: number) => number, power: number): Float64Array {
  const values = Float64Array.from({ length: TRADING_MINUTES }, (_, tau) => shape(tau));
  const mean = values.reduce((sum, v) => sum + v ** power, 0) / TRADING_MINUTES;
  return values.map((v) => v / mean ** (1 / power));
}

const afternoonRestart = (tau: number, width: number) => (tau >= 120 ? Math.exp(-(tau - 120) / width) : 0);

/** Volatility multiplier by trading minute, mean square 1: violent first minutes, livelier close. */
export const VOL_PROFILE = normalised(
  (tau) =>
    0.75 +
    1.1 * Math.exp(-tau / 12) +
    0.25 * Math.exp(-(TRADING_MINUTES - 1 - tau) / 15) +
    0.15 * afternoonRestart(tau, 8),
  2,
);

/** Volume multiplier by trading minute, mean 1: the U-shaped intraday volume smile. */
export const VOLUME_PROFILE = normalised(
  (tau) =>
    0.55 +
    1.9 * Math.exp(-tau / 18) +
    0.9 * Math.exp(-(TRADING_MINUTES - 1 - tau) / 22) +
    0.3 * afternoonRestart(tau, 10),
  1,
);

/** How a theme's drift spreads over the day: money piles in early. Sums to 1. */
export const THEME_PROFILE = ((): Float64Array => {
  const shape = Float64Array.from({ length: TRADING_MINUTES }, (_, tau) => Math.exp(-tau / 70));
  const total = shape.reduce((a, b) => a + b, 0);
  return shape.map((v) => v / total);
})();
