import { decodeSeries } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import type { IndexQuote } from '../feed/index.ts';
import { IndexMinutes } from './indexMinutes.ts';
import { MinuteBuilder } from './minuteBuilder.ts';

const DAY = '2026-07-06';
const at = (hhmmss: string) => Date.parse(`${DAY}T${hhmmss}+08:00`);

/** The SSE Composite on a 3,000.00 close, at `value` with the day's volume and turnover so far. */
function quote(time: string, value: string, volume: number, turnover: string): IndexQuote {
  return {
    symbol: 'sh000001',
    name: '上证指数',
    value,
    open: '3001.00',
    high: value,
    low: '3000.00',
    prevClose: '3000.00',
    change: '0.00',
    pct: '0.00',
    volume,
    turnover,
    ts: 0,
    time: at(time),
    seq: 1,
    phase: 'continuous',
  };
}

function setup() {
  const minutes = new MinuteBuilder(DAY, new Map([['sh000001', 300_000]]));
  return { minutes, index: new IndexMinutes(minutes) };
}

describe('IndexMinutes', () => {
  it('counts each quote as a trade at its value of what the constituents traded since the last', () => {
    const { minutes, index } = setup();
    index.record([quote('09:25:00', '3001.00', 1_000_000, '15000000.00')]); // the opening auction
    index.record([quote('09:30:30', '3001.00', 1_000_000, '15000000.00')]); // nothing traded: no trade
    index.record([quote('09:31:10', '3003.50', 1_500_000, '22600000.00')]);
    index.record([quote('09:31:40', '3002.00', 1_600_000, '24100000.00')]);
    minutes.completeUntil(at('09:32:00'));
    expect(decodeSeries(minutes.series().get('sh000001')!).bars).toEqual([
      // 15,000,000.00 CNY: the constituents' turnover, not points × shares
      {
        open: 300_100,
        high: 300_100,
        low: 300_100,
        close: 300_100,
        volume: 1_000_000,
        turnover: 1_500_000_000,
      },
      // 500,000 + 100,000 shares for 7,600,000.00 + 1,500,000.00
      { open: 300_350, high: 300_350, low: 300_200, close: 300_200, volume: 600_000, turnover: 910_000_000 },
    ]);
  });

  it('starts counting from a baseline: a replay that begins mid-day adds only what follows', () => {
    const { minutes, index } = setup();
    minutes.completeUntil(at('10:00:00'));
    index.baseline([quote('09:59:59', '3010.00', 90_000_000, '1350000000.00')]);
    index.record([quote('10:00:30', '3011.00', 90_200_000, '1353000000.00')]);
    minutes.completeUntil(at('10:01:00'));
    expect(decodeSeries(minutes.series().get('sh000001')!).bars.at(-1)).toEqual({
      open: 301_100,
      high: 301_100,
      low: 301_100,
      close: 301_100,
      volume: 200_000,
      turnover: 300_000_000,
    });
  });
});
