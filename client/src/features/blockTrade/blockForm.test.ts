// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { type BlockContext, liveCash, validateBlockOrder } from './blockForm.ts';

/** A 3.00 main-board stock on a 3.00 close (range 2.70–3.30), in continuous trading, 1,000,000 CNY available. */
const BUY: BlockContext = {
  side: 'buy',
  kind: 'intraday',
  quote: {
    symbol: '604000',
    name: '浦发银行',
    price: '3.05',
    prevClose: '3.00',
    limitUp: '3.30',
    limitDown: '2.70',
  },
  phase: 'continuous',
  tradingDate: '2026-07-07',
  available: '1000000.00',
  sellable: 0,
};
const SELL: BlockContext = { ...BUY, side: 'sell', sellable: 400_000 };

beforeAll(() => initI18n('en'));

describe('the block order form', () => {
  it('accepts 300,000 shares at 3.00 and freezes the amount with its fees', () => {
    const result = validateBlockOrder({ price: '3.00', quantity: '300000' }, BUY);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body).toEqual({
      symbol: '604000',
      side: 'buy',
      kind: 'intraday',
      price: '3.00',
      quantity: 300_000,
    });
    // 900,000.00 + commission 225.00 + transfer fee 9.00
    expect([
      result.cash.amount.toFixed(2),
      result.cash.fees.total.toFixed(2),
      result.cash.frozen.toFixed(2),
    ]).toEqual(['900000.00', '234.00', '900234.00']);
  });

  it.each([
    [{ price: '', quantity: '300000' }, BUY, { price: 'Please enter a price greater than zero.' }],
    [
      { price: '3.00', quantity: '' },
      BUY,
      { quantity: 'The quantity must be a whole number of shares greater than zero.' },
    ],
    [{ price: '3.001', quantity: '300000' }, BUY, { price: 'The price must be a multiple of 0.01.' }],
    [
      { price: '3.31', quantity: '300000' },
      BUY,
      { price: "The price is above today's block-trade range (at most 3.30)." },
    ],
    [
      { price: '2.69', quantity: '300000' },
      BUY,
      { price: "The price is below today's block-trade range (at least 2.70)." },
    ],
    [
      { price: '3.00', quantity: '299900' },
      BUY,
      { quantity: 'A block trade needs at least 300000 shares or 2000000 CNY.' },
    ],
    [
      { price: '3.00', quantity: '300050' },
      BUY,
      { quantity: 'The quantity must be a multiple of 100 shares.' },
    ],
    [
      { price: '3.00', quantity: '500000' },
      SELL,
      {
        quantity:
          'You can sell at most 400000 shares. Shares bought today can be sold from the next trading day.',
      },
    ],
    [
      { price: '3.00', quantity: '300000' },
      { ...BUY, kind: 'afterHours' },
      { form: 'After-hours fixed-price block trades are taken from 15:05 to 15:30 only.' },
    ],
    [
      { price: '3.00', quantity: '300000' },
      { ...BUY, kind: 'afterHours', phase: 'afterHoursFixed' },
      { price: "An after-hours block trade is at today's close, 3.05." },
    ],
    [
      { price: '3.00', quantity: '300000' },
      { ...BUY, phase: 'lunchBreak' },
      { form: 'Block trades are taken from 9:30 to 15:30 on trading days (not during the lunch break).' },
    ],
    [{ price: '3.00', quantity: '700000' }, BUY, { quantity: expect.stringContaining('2100546.00') }],
  ] as const)('%j (%#) is refused under its field', (form, ctx, errors) => {
    expect(validateBlockOrder(form, ctx as BlockContext)).toEqual({ ok: false, errors });
  });

  it('lets a sell of the whole holding end in an odd lot', () => {
    expect(validateBlockOrder({ price: '3.00', quantity: '400050' }, { ...SELL, sellable: 400_050 }).ok).toBe(
      true,
    );
  });

  it('shows the live amount only for a price and a quantity', () => {
    expect(liveCash({ price: '3.1', quantity: '' }, BUY)).toBeNull();
    // 930,000.00 − commission 232.50 − stamp duty 465.00 − transfer fee 9.30
    expect(liveCash({ price: '3.10', quantity: '300000' }, SELL)?.cashFlow.toFixed(2)).toBe('929293.20');
  });
});
