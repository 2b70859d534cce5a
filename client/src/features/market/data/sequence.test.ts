import { describe, expect, it } from 'vitest';
import { judgeSeq } from './sequence.ts';

describe('judgeSeq', () => {
  it.each([
    { next: { seq: 1, ts: 10 }, last: undefined, verdict: 'first' },
    { next: { seq: 6, ts: 20 }, last: { seq: 5, ts: 10 }, verdict: 'next' },
    { next: { seq: 9, ts: 20 }, last: { seq: 5, ts: 10 }, verdict: 'gap' },
    { next: { seq: 5, ts: 10 }, last: { seq: 5, ts: 10 }, verdict: 'stale' },
    { next: { seq: 4, ts: 9 }, last: { seq: 5, ts: 10 }, verdict: 'stale' },
    // A new feed after a failover numbers from the start again, later.
    { next: { seq: 1, ts: 30 }, last: { seq: 5, ts: 10 }, verdict: 'reset' },
  ] as const)('$next after $last is $verdict', ({ next, last, verdict }) => {
    expect(judgeSeq(next, last)).toBe(verdict);
  });
});
