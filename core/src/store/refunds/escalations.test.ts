import { Dec } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '../wallet.ts';
import { afterPayoutLines } from './escalations.ts';

const wallet = (userId: string, balance: string): Wallet => ({
  userId,
  accountId: userId,
  balance: new Dec(balance),
});
const figures = (lines: ReturnType<typeof afterPayoutLines>['lines']) =>
  lines.map((l) => `${l.wallet ? l.wallet.userId : l.account} ${l.amount.toFixed(2)}`);

describe('afterPayoutLines', () => {
  // The payout: gross 80.00, commission 4.00 (5 %), net 76.00.
  const payout = { gross: '80.00', commission: '4.00' };

  it('takes the seller’s part from their balance and the commission’s share from the platform', () => {
    // 30.00 back: fee 5 % of 30.00 = 1.50, seller 28.50.
    const { lines, shortfall } = afterPayoutLines(
      new Dec('30.00'),
      payout,
      wallet('shopper', '5'),
      wallet('seller', '100'),
    );
    expect(figures(lines)).toEqual(['shopper 30.00', 'storeCommission -1.50', 'seller -28.50']);
    expect(shortfall.toFixed(2)).toBe('0.00');
  });

  it('advances from the platform what the seller cannot cover, and says how much', () => {
    // Seller holds 10.00 of their 28.50: the platform pays 1.50 + 18.50 = 20.00.
    const { lines, shortfall } = afterPayoutLines(
      new Dec('30.00'),
      payout,
      wallet('shopper', '0'),
      wallet('seller', '10'),
    );
    expect(figures(lines)).toEqual(['shopper 30.00', 'storeCommission -20.00', 'seller -10.00']);
    expect(shortfall.toFixed(2)).toBe('18.50');
    // An empty balance gives nothing: no zero line.
    const empty = afterPayoutLines(new Dec('30.00'), payout, wallet('shopper', '0'), wallet('seller', '0'));
    expect(figures(empty.lines)).toEqual(['shopper 30.00', 'storeCommission -30.00']);
    expect(empty.shortfall.toFixed(2)).toBe('28.50');
  });

  it('takes a platform shop’s part from its sales, and rounds the fee half up, never above the commission', () => {
    // 0.33 back at 5 %: fee 0.0165 → 0.02, platform sales 0.31.
    const small = afterPayoutLines(new Dec('0.33'), payout, wallet('shopper', '0'), null);
    expect(figures(small.lines)).toEqual([
      'shopper 0.33',
      'storeCommission -0.02',
      'storePlatformSales -0.31',
    ]);
    // A payout whose commission was 0.00 gives back none.
    const free = afterPayoutLines(
      new Dec('10.00'),
      { gross: '80.00', commission: '0.00' },
      wallet('shopper', '0'),
      null,
    );
    expect(figures(free.lines)).toEqual(['shopper 10.00', 'storePlatformSales -10.00']);
  });
});
