import { minuteSlotOf, shanghaiDate, shanghaiMinuteOfDay, slotStart } from '@bourse/shared';

/** An index's day as its sparkline draws it: one value a minute, oldest first. */
export interface IndexLine {
  tradingDate: string;
  points: readonly { time: number; value: number }[];
}

/** The minute (bar start) an exchange time falls in, as the intraday route labels it: auction prints join a session's minute. */
export function minuteOf(time: number): number {
  return slotStart(shanghaiDate(time), minuteSlotOf(shanghaiMinuteOfDay(time)));
}

/**
 * The line with a live value at exchange time `time`: it replaces its own minute's point or
 * follows the last one, so between reloads the line grows from the stream. A value of a later
 * day starts that day's line; an older one changes nothing.
 */
export function withLiveValue(line: IndexLine | undefined, time: number, value: number): IndexLine {
  const tradingDate = shanghaiDate(time);
  const minute = minuteOf(time);
  if (!line || tradingDate > line.tradingDate) return { tradingDate, points: [{ time: minute, value }] };
  const last = line.points.at(-1);
  if (tradingDate < line.tradingDate || (last && minute < last.time)) return line;
  const kept = last?.time === minute ? line.points.slice(0, -1) : line.points;
  return { tradingDate, points: [...kept, { time: minute, value }] };
}
