import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './Sparkline.tsx';

describe('sparklinePoints', () => {
  it('spans the box: lowest value at the bottom, highest at the top', () => {
    expect(sparklinePoints([1, 3, 2], 100, 10)).toBe('0.0,10.0 50.0,0.0 100.0,5.0');
  });

  it('takes the base (previous close) into the range', () => {
    // Range 0..4 with the base at 0: 2 sits half way, 4 at the top.
    expect(sparklinePoints([2, 4], 10, 10, 0)).toBe('0.0,5.0 10.0,0.0');
  });

  it('draws nothing without values and a flat line for one', () => {
    expect(sparklinePoints([], 10, 10)).toBe('');
    expect(sparklinePoints([5], 10, 10)).toBe('0.0,10.0');
  });
});
