import { describe, expect, it } from 'vitest';
import { revenueBars } from './revenueChart.ts';

describe('revenueBars', () => {
  it('scales each day to the best one and keeps a slot for a day without sales', () => {
    // 300 wide / 3 days = slots of 100; bars 70 wide, centred: x = 15, 115, 215.
    // Tallest 200.00 → 100 high; 50.50 → 50.50 / 200 × 100 = 25.25; 0 → 0, sitting on the baseline.
    expect(
      revenueBars(
        [
          { date: '2026-11-26', revenue: '50.50' },
          { date: '2026-11-27', revenue: '0.00' },
          { date: '2026-11-28', revenue: '200.00' },
        ],
        300,
        100,
      ),
    ).toEqual([
      { date: '2026-11-26', x: 15, width: 70, y: 74.75, height: 25.25 },
      { date: '2026-11-27', x: 115, width: 70, y: 100, height: 0 },
      { date: '2026-11-28', x: 215, width: 70, y: 0, height: 100 },
    ]);
  });

  it('draws a month without sales flat, without dividing by zero', () => {
    // 30 days in 300: slots of 10, bars of 7 from x = 1.5.
    const bars = revenueBars(
      Array.from({ length: 30 }, (_, i) => ({
        date: `2026-11-${String(i + 1).padStart(2, '0')}`,
        revenue: '0.00',
      })),
      300,
      80,
    );
    expect(bars.map((b) => b.height)).toEqual(Array(30).fill(0));
    expect(bars[0]).toMatchObject({ x: 1.5, width: 7, y: 80 });
    expect(bars[29]).toMatchObject({ x: 291.5 });
  });
});
