import { describe, expect, it } from 'vitest';
import { measureBreadth } from './breadth.ts';

/** A board of `up` rising, `flat` unchanged and `down` falling stocks, sorted by change descending. */
function board(up: number, flat: number, down: number) {
  const pct = new Map<string, number>();
  const codes: string[] = [];
  const add = (value: number) => {
    const code = String(100000 + codes.length);
    codes.push(code);
    pct.set(code, value);
  };
  for (let i = 0; i < up; i++) add(10 - (i * 9.99) / Math.max(1, up));
  for (let i = 0; i < flat; i++) add(0);
  for (let i = 0; i < down; i++) add(-0.01 - (i * 9.99) / Math.max(1, down));
  const requests: number[] = [];
  const fetchPct = async (symbols: readonly string[]) => {
    requests.push(symbols.length);
    return new Map(symbols.map((s) => [s, pct.get(s)!]));
  };
  return { codes, fetchPct, requests };
}

describe('measureBreadth', () => {
  it.each([
    [2400, 213, 2387],
    [5000, 0, 0],
    [0, 0, 5000],
    [0, 5000, 0],
    [1, 1, 4998],
    [3001, 0, 1999],
  ])('counts %i up, %i flat, %i down with two small requests', async (up, flat, down) => {
    const { codes, fetchPct, requests } = board(up, flat, down);
    expect(await measureBreadth(codes, fetchPct)).toEqual({ up, flat, down });
    // 300 samples of 5,000 codes, then the codes between the samples around each turn (≤ 2 × 16).
    expect(requests.length).toBeLessThanOrEqual(2);
    expect(requests[0]).toBeLessThanOrEqual(300);
    expect(requests[1] ?? 0).toBeLessThanOrEqual(32);
  });

  it('reads a small board whole', async () => {
    const { codes, fetchPct, requests } = board(3, 2, 4);
    expect(await measureBreadth(codes, fetchPct)).toEqual({ up: 3, flat: 2, down: 4 });
    expect(requests).toEqual([9]);
  });

  it('counts nothing on an empty board', async () => {
    const { fetchPct } = board(0, 0, 0);
    expect(await measureBreadth([], fetchPct)).toEqual({ up: 0, flat: 0, down: 0 });
  });
});
