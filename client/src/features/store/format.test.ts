import { describe, expect, it } from 'vitest';
import { compactFigure } from './format.ts';

describe('compactFigure', () => {
  it.each([
    [0, '0'],
    [9_999, '9,999'],
    // 12,345 / 1,000 = 12.345, down to one decimal: 12.3
    [12_345, '12.3k'],
    // 99,999 / 1,000 = 99.999 → 99.9, never rounded up to 100.0k
    [99_999, '99.9k'],
    [999_999, '999.9k'],
    // 36,518,204.10 / 1,000,000 = 36.5182041 → 36.5
    ['36518204.10', '36.5M'],
    ['5490.50', '5,490'],
  ])('%s → %s', (value, shown) => {
    expect(compactFigure(value)).toBe(shown);
  });
});
