import { describe, expect, it } from 'vitest';
import { simulatedYieldPer10k } from './simulatedRates.ts';

describe('simulatedYieldPer10k', () => {
  const rate = simulatedYieldPer10k('42');

  it('is a function of seed and date, with four decimals', () => {
    expect(rate('2026-03-02').toFixed(4)).toBe(rate('2026-03-02').toFixed(4));
    expect(rate('2026-03-02').decimalPlaces()).toBeLessThanOrEqual(4);
    expect(simulatedYieldPer10k('other')('2026-03-02').eq(rate('2026-03-02'))).toBe(false);
  });

  it('stays within an annual 1.25%–1.95%: 0.3425 to 0.5343 per 10,000 units a day', () => {
    // 10,000 × 0.0125 / 365 = 0.34246…, 10,000 × 0.0195 / 365 = 0.53425…
    for (let d = 0; d < 400; d++) {
      const date = new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
      const r = rate(date);
      expect(r.gte('0.3425') && r.lte('0.5343'), `${date}: ${r}`).toBe(true);
    }
  });
});
