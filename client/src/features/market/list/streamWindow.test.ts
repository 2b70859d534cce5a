import { describe, expect, it } from 'vitest';
import { STREAM_PAGE, streamWindow } from './streamWindow.ts';

describe('streamWindow', () => {
  it('streams the pages on screen and one page either side', () => {
    // Rows 192–217 rendered: pages 190–219, with 180–189 before and 220–229 after.
    expect(streamWindow(192, 217, 5000)).toEqual({ from: 180, to: 230 });
  });

  it('stops at both ends of the list', () => {
    expect(streamWindow(0, 17, 5000)).toEqual({ from: 0, to: 3 * STREAM_PAGE });
    expect(streamWindow(4985, 4999, 5000)).toEqual({ from: 4970, to: 5000 });
    expect(streamWindow(0, 5, 6)).toEqual({ from: 0, to: 6 });
  });

  it('keeps the same window for a short scroll inside a page', () => {
    expect(streamWindow(190, 215, 5000)).toEqual(streamWindow(192, 217, 5000));
  });

  it('streams a page beyond the rendered rows both ways, and at most 60 rows for a phone screen', () => {
    for (let first = 0; first < 100; first++) {
      const last = first + 25; // 26 rendered rows: ten on screen and the overscan
      const { from, to } = streamWindow(first, last, 5000);
      expect(to - from).toBeLessThanOrEqual(60);
      expect(first - from).toBeGreaterThanOrEqual(Math.min(first, STREAM_PAGE));
      expect(to - (last + 1)).toBeGreaterThanOrEqual(STREAM_PAGE);
    }
  });

  it('streams nothing for an empty list', () => {
    expect(streamWindow(0, -1, 0)).toEqual({ from: 0, to: 0 });
  });
});
