import { describe, expect, it } from 'vitest';
import { STREAM_PAGE, streamWindow } from './streamWindow.ts';

describe('streamWindow', () => {
  it('streams the pages on screen and one page either side', () => {
    // Rows 192–217 rendered: pages 180–219, with 160–179 before and 220–239 after.
    expect(streamWindow(192, 217, 5000)).toEqual({ from: 160, to: 240 });
  });

  it('stops at both ends of the list', () => {
    expect(streamWindow(0, 17, 5000)).toEqual({ from: 0, to: 2 * STREAM_PAGE });
    expect(streamWindow(4985, 4999, 5000)).toEqual({ from: 4960, to: 5000 });
    expect(streamWindow(0, 5, 6)).toEqual({ from: 0, to: 6 });
  });

  it('keeps the same window for a short scroll inside a page', () => {
    expect(streamWindow(181, 206, 5000)).toEqual(streamWindow(192, 217, 5000));
  });

  it('streams nothing for an empty list', () => {
    expect(streamWindow(0, -1, 0)).toEqual({ from: 0, to: 0 });
  });
});
