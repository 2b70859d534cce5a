import { describe, expect, it } from 'vitest';
import { LOGIN_WINDOW_MS, lockoutMinutes } from './loginAttempts.ts';

describe('lockoutMinutes', () => {
  it.each([
    [LOGIN_WINDOW_MS, 15],
    [14 * 60_000 + 1, 15],
    [14 * 60_000, 14],
    [30_000, 1],
    // A key that lost its TTL still says "1 minute", never "0" or a negative figure.
    [-1, 1],
  ])('rounds %i ms left up to %i minutes', (ms, minutes) => {
    expect(lockoutMinutes(ms)).toBe(minutes);
  });
});
