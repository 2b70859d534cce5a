import { describe, expect, it } from 'vitest';
import { hiddenEnds } from './Segmented.tsx';

describe('hiddenEnds', () => {
  it('shows no cue when every pill fits', () => {
    expect(hiddenEnds({ scrollLeft: 0, clientWidth: 390, scrollWidth: 390 })).toEqual({
      start: false,
      end: false,
    });
  });

  it('cues the end at the start of a wide row, both ends in its middle, the start at its end', () => {
    // The money log's eight categories: 620 px of pills in a 390 px row.
    expect(hiddenEnds({ scrollLeft: 0, clientWidth: 390, scrollWidth: 620 })).toEqual({
      start: false,
      end: true,
    });
    expect(hiddenEnds({ scrollLeft: 100, clientWidth: 390, scrollWidth: 620 })).toEqual({
      start: true,
      end: true,
    });
    expect(hiddenEnds({ scrollLeft: 230, clientWidth: 390, scrollWidth: 620 })).toEqual({
      start: true,
      end: false,
    });
  });

  it('ignores the fraction of a pixel a high-density screen leaves', () => {
    expect(hiddenEnds({ scrollLeft: 229.5, clientWidth: 390, scrollWidth: 620 })).toEqual({
      start: true,
      end: false,
    });
    expect(hiddenEnds({ scrollLeft: 0.5, clientWidth: 390, scrollWidth: 620 })).toEqual({
      start: false,
      end: true,
    });
  });
});
