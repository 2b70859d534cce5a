import type { FeedQuote } from '@bourse/shared';
import { feedQuote } from './feedDouble.ts';

/** A valid quote with a two-level bid side and an indicative price: every part of a quote present. */
export const validQuote: FeedQuote = {
  ...feedQuote('604000'),
  bids: [
    { price: '9.99', volume: 100 },
    { price: '9.98', volume: 0 },
  ],
  indicative: { price: '10.00', volume: 300 },
};

/** Each field with values feedQuoteSchema refuses, and with values it takes: the readers must agree. */
export const quoteCases: Record<string, { bad: unknown[]; good: unknown[] }> = {
  symbol: { bad: [604000, null, undefined], good: [''] },
  name: { bad: [1, null], good: [''] },
  price: {
    bad: [10, '10.', '1e3', '', '+1', '01.00', '1.123456789', null],
    good: ['-0.50', '0', '123456.12345678'],
  },
  change: { bad: [null, 0], good: ['-1.00'] },
  pct: { bad: ['x'], good: ['0.00'] },
  open: { bad: [undefined, 10, 'NaN'], good: [null, '10.00'] },
  high: { bad: [undefined], good: [null] },
  low: { bad: [''], good: [null] },
  volume: { bad: [-1, 1.5, '100', null, 2 ** 53], good: [0, 2 ** 53 - 1] },
  turnover: { bad: [null], good: ['0'] },
  turnoverRate: { bad: [0.1], good: ['0.10'] },
  ts: { bad: ['1', null, undefined], good: [1.5, -1] },
  seq: { bad: [1.5, '1'], good: [-3, 0] },
  prevClose: { bad: [null], good: ['10.00'] },
  limitUp: { bad: [undefined, 11], good: [null] },
  limitDown: { bad: [9], good: [null] },
  board: { bad: ['nasdaq', null, 1], good: ['bse', 'star'] },
  bids: {
    bad: [
      null,
      {},
      Array.from({ length: 6 }, () => ({ price: '1.00', volume: 1 })),
      [{ price: 1, volume: 1 }],
      [{ price: '1.00', volume: -1 }],
      [{ price: '1.00' }],
      [null],
      [[]],
    ],
    good: [[], Array.from({ length: 5 }, () => ({ price: '1.00', volume: 1, extra: true }))],
  },
  asks: { bad: [undefined, [{ volume: 1 }]], good: [[]] },
  indicative: {
    bad: [undefined, {}, { price: 1, volume: 1 }, { price: '1', volume: 0.5 }, []],
    good: [null, { price: 'any text', volume: -5 }],
  },
  time: { bad: ['0', null], good: [0] },
};
