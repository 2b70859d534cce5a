import { describe, expect, it } from 'vitest';
import { clockSkewOf, latencyOf, userAgentSummary } from './measure.ts';

describe('latencyOf', () => {
  it.each([
    // Sorted 8, 12, 15, 20, 41: the middle one is 15.
    [[20, 12, 41, 8, 15], { min: 8, median: 15, max: 41, count: 5 }],
    // Sorted 10, 12, 30, 40: the median is between 12 and 30, (12 + 30) / 2 = 21.
    [[40, 10, 30, 12], { min: 10, median: 21, max: 40, count: 4 }],
    [[7], { min: 7, median: 7, max: 7, count: 1 }],
  ])('%j → %j', (roundTrips, expected) => {
    expect(latencyOf(roundTrips)).toEqual(expected);
  });

  it('is null without a round trip', () => {
    expect(latencyOf([])).toBeNull();
  });
});

describe('clockSkewOf', () => {
  it('takes the fastest round trip and reads the server clock at its middle', () => {
    const skew = clockSkewOf([
      // 100 ms round trip: the middle is 1,000,050; the server said 1,002,100, so 2,050 ahead, ±50.
      { sentAt: 1_000_000, receivedAt: 1_000_100, roundTripMs: 100, serverTime: 1_002_100 },
      // 20 ms round trip: the middle is 1,000,510; the server said 1,002,530, so 2,020 ahead, ±10.
      { sentAt: 1_000_500, receivedAt: 1_000_520, roundTripMs: 20, serverTime: 1_002_530 },
    ]);
    expect(skew).toEqual({ offsetMs: 2_020, uncertaintyMs: 10 });
  });

  it('is negative when the device runs ahead, and rounds the bound up', () => {
    // Middle 5,003.5 (7 ms round trip, ±3.5 → 4); the server said 4,000: 1,003.5 behind → −1,003 (half up).
    expect(clockSkewOf([{ sentAt: 5_000, receivedAt: 5_007, roundTripMs: 7, serverTime: 4_000 }])).toEqual({
      offsetMs: -1_003,
      uncertaintyMs: 4,
    });
  });

  it('is null without a sample', () => {
    expect(clockSkewOf([])).toBeNull();
  });
});

describe('userAgentSummary', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36',
      'Chrome 131 · Android 14',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17.5 · iOS 17.5',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51',
      'Edge 131 · Windows NT 10.0',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox 133 · macOS 10.15',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Headless Chrome 131 · Linux',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
  ])('%s → %s', (userAgent, summary) => {
    expect(userAgentSummary(userAgent)).toBe(summary);
  });
});
