import { describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_WINDOW_MS, lockoutMinutes, MAX_LOGIN_FAILURES } from './loginRateLimit.ts';

describe('lockoutMinutes', () => {
  it('allows attempts below five failures', () => {
    expect(lockoutMinutes(0, -2)).toBeUndefined();
    expect(lockoutMinutes(MAX_LOGIN_FAILURES - 1, LOGIN_FAILURE_WINDOW_MS)).toBeUndefined();
  });

  it.each([
    [LOGIN_FAILURE_WINDOW_MS, 15],
    [14 * 60_000 + 1, 15],
    [14 * 60_000, 14],
    [30_000, 1],
    // A key that lost its TTL still says "1 minute", never "0" or a negative figure.
    [-1, 1],
  ])('rounds %i ms left up to %i minutes', (ttl, minutes) => {
    expect(lockoutMinutes(MAX_LOGIN_FAILURES, ttl)).toBe(minutes);
  });
});
