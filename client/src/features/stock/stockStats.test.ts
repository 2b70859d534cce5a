import { describe, expect, it } from 'vitest';
import {
  amplitude,
  bidAskDifference,
  bidAskImbalance,
  marketCap,
  priceEarnings,
  tradingMinutesElapsed,
  volumeRatio,
} from './stockStats.ts';

const level = (price: string, volume: number) => ({ price, volume });

describe('amplitude', () => {
  it('is the day range over the previous close, in percent', () => {
    expect(amplitude('10.50', '9.80', '10.00')).toBe('7.00');
    expect(amplitude('1688.00', '1650.10', '1666.66')).toBe('2.27');
  });

  it('does not exist before the first trade', () => {
    expect(amplitude(null, null, '10.00')).toBeNull();
  });
});

describe('bidAskImbalance', () => {
  it('weighs the five bid levels against the five ask levels', () => {
    const book = {
      bids: [level('10.00', 30_000), level('9.99', 10_000)],
      asks: [level('10.01', 10_000), level('10.02', 10_000)],
    };
    expect(bidAskImbalance(book)).toBe('33.33');
    expect(bidAskImbalance({ bids: book.asks, asks: book.bids })).toBe('-33.33');
    expect(bidAskDifference(book)).toBe(20_000);
    expect(bidAskDifference({ bids: book.asks, asks: book.bids })).toBe(-20_000);
  });

  it('is +100% sealed at limit up (no sellers) and −100% sealed at limit down', () => {
    expect(bidAskImbalance({ bids: [level('11.00', 500_000)], asks: [] })).toBe('100.00');
    expect(bidAskImbalance({ bids: [], asks: [level('9.00', 500_000)] })).toBe('-100.00');
  });

  it('does not exist for an empty book or before the book arrives', () => {
    expect(bidAskImbalance({ bids: [], asks: [] })).toBeNull();
    expect(bidAskImbalance(undefined)).toBeNull();
    expect(bidAskDifference(undefined)).toBeNull();
  });
});

describe('tradingMinutesElapsed', () => {
  const at = (h: number, m: number) => h * 60 + m;
  it('counts only continuous trading, leaving out the lunch break', () => {
    expect(tradingMinutesElapsed(at(9, 25))).toBe(0);
    expect(tradingMinutesElapsed(at(10, 0))).toBe(30);
    expect(tradingMinutesElapsed(at(11, 30))).toBe(120);
    expect(tradingMinutesElapsed(at(12, 15))).toBe(120);
    expect(tradingMinutesElapsed(at(14, 0))).toBe(180);
    expect(tradingMinutesElapsed(at(15, 0))).toBe(240);
    expect(tradingMinutesElapsed(at(18, 0))).toBe(240);
  });
});

describe('volumeRatio', () => {
  const days = (...volumes: number[]) => volumes.map((volume) => ({ volume }));

  it("compares today's volume per minute with the last five days' per minute", () => {
    // Five days of 2,400,000 shares: 10,000 a minute; 600,000 in 30 minutes is 20,000 a minute.
    expect(volumeRatio(600_000, 30, days(2_400_000, 2_400_000, 2_400_000, 2_400_000, 2_400_000))).toBe(
      '2.00',
    );
    // At the close: today's whole volume over the average day.
    expect(volumeRatio(1_200_000, 240, days(2_000_000, 2_800_000))).toBe('0.50');
  });

  it('takes only the five latest days', () => {
    expect(
      volumeRatio(2_400_000, 240, days(99_000_000, 2_400_000, 2_400_000, 2_400_000, 2_400_000, 2_400_000)),
    ).toBe('1.00');
  });

  it('counts the opening auction as one minute', () => {
    expect(volumeRatio(10_000, 0, days(2_400_000))).toBe('1.00');
  });

  it('does not exist before the first trade or without a past day', () => {
    expect(volumeRatio(0, 30, days(2_400_000))).toBeNull();
    expect(volumeRatio(600_000, 30, [])).toBeNull();
    expect(volumeRatio(600_000, 30, days(0))).toBeNull();
  });
});

describe('priceEarnings and marketCap', () => {
  it('divides the price by the trailing EPS, and says loss for a loss-making company', () => {
    expect(priceEarnings('25.00', '1.2500')).toBe('20.00');
    expect(priceEarnings('25.00', '-0.3000')).toBe('loss');
    expect(priceEarnings('25.00', undefined)).toBeNull();
  });

  it('multiplies the price by the total shares, exactly', () => {
    expect(marketCap('1688.88', 1_256_197_800)).toBe('2121567340464.00');
    expect(marketCap('10.00', undefined)).toBeNull();
  });
});
