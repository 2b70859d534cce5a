import { describe, expect, it } from 'vitest';
import { type IndexLine, minuteOf, withLiveValue } from './indexLines.ts';

const DAY = '2026-07-08';
const at = (hhmmss: string, date = DAY) => Date.parse(`${date}T${hhmmss}+08:00`);

describe('minuteOf', () => {
  it.each([
    ['09:31:42', '09:31:00'],
    ['09:25:00', '09:30:00'], // the opening print is in the first minute
    ['11:30:03', '11:29:00'], // a print at the morning's end is in its last minute
    ['15:00:00', '14:59:00'], // the closing print
  ])('puts %s in the minute of %s', (time, minute) => {
    expect(minuteOf(at(time))).toBe(at(minute));
  });
});

describe('withLiveValue', () => {
  const line: IndexLine = {
    tradingDate: DAY,
    points: [
      { time: at('09:30:00'), value: 3001 },
      { time: at('09:31:00'), value: 3002 },
    ],
  };

  it('replaces the value of the last minute while it lasts, then adds the next', () => {
    const same = withLiveValue(line, at('09:31:50'), 3003);
    expect(same.points.map((p) => p.value)).toEqual([3001, 3003]);
    const next = withLiveValue(same, at('09:32:05'), 3004);
    expect(next.points).toEqual([...same.points, { time: at('09:32:00'), value: 3004 }]);
  });

  it('ignores a value older than the line, and starts a new day’s line afresh', () => {
    expect(withLiveValue(line, at('09:30:30'), 2999)).toBe(line);
    expect(withLiveValue(line, at('14:00:00', '2026-07-07'), 2999)).toBe(line);
    expect(withLiveValue(line, at('09:25:00', '2026-07-09'), 3010)).toEqual({
      tradingDate: '2026-07-09',
      points: [{ time: at('09:30:00', '2026-07-09'), value: 3010 }],
    });
    expect(withLiveValue(undefined, at('10:00:10'), 3000).points).toEqual([
      { time: at('10:00:00'), value: 3000 },
    ]);
  });
});
