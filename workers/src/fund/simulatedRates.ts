import { Dec, YIELD_PER_10K_PLACES } from '@bourse/shared';
import { Rng } from '../feed/rng.ts';

const DAY_MS = 86_400_000;

/**
 * The simulated cash fund's income per 10,000 units on a calendar day: an annual rate drifting
 * between about 1.30% and 1.90% over a quarter, plus a little daily noise, divided over 365
 * days; rounded half-up to four decimals as funds publish it. A pure function of seed and date.
 */
export function simulatedYieldPer10k(seed: string): (date: string) => Dec {
  return (date) => {
    const day = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
    const noise = new Rng(`${seed}/cash-fund/${date}`).between(-0.0005, 0.0005);
    const annual = 0.016 + 0.0025 * Math.sin((2 * Math.PI * day) / 91) + noise;
    // The float rate is a model input only: the published figure is the rounded decimal.
    return new Dec(annual.toFixed(8))
      .times(10_000)
      .div(365)
      .toDecimalPlaces(YIELD_PER_10K_PLACES, Dec.ROUND_HALF_UP);
  };
}
