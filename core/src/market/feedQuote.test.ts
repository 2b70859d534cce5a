import { feedQuoteSchema, feedQuotesMessageSchema, parseJson } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { readFeedQuote, readFeedQuoteJson, readFeedQuotesMessage } from './feedQuote.ts';
import { feedQuote } from './testing/feedDouble.ts';

const valid = {
  ...feedQuote('604000'),
  bids: [
    { price: '9.99', volume: 100 },
    { price: '9.98', volume: 0 },
  ],
  indicative: { price: '10.00', volume: 300 },
};

/** Each field with values the schema refuses, and with values it takes. */
const cases: Record<string, { bad: unknown[]; good: unknown[] }> = {
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

describe('readFeedQuote', () => {
  it('reads a valid quote to what the schema gives, without keys the contract lacks', () => {
    const extra = { ...valid, phase: 'continuous', buyTurnover: '1.00', sellTurnover: '2.00' };
    const read = readFeedQuote(extra);
    expect(read).toEqual(feedQuoteSchema.parse(extra));
    expect(Object.keys(read!)).toEqual(Object.keys(feedQuoteSchema.parse(extra)));
  });

  for (const [field, { bad, good }] of Object.entries(cases)) {
    it(`agrees with feedQuoteSchema on ${field}`, () => {
      for (const value of [...bad, ...good]) {
        const quote = { ...valid, [field]: value };
        if (value === undefined) delete (quote as Record<string, unknown>)[field];
        const expected = feedQuoteSchema.safeParse(quote);
        expect({ value, ok: expected.success }).toEqual({ value, ok: good.includes(value) });
        expect(readFeedQuote(quote)).toEqual(expected.success ? expected.data : undefined);
      }
    });
  }

  it('refuses what is not an object', () => {
    for (const value of [null, [], 'quote', 1]) {
      expect(feedQuoteSchema.safeParse(value).success).toBe(false);
      expect(readFeedQuote(value)).toBeUndefined();
    }
  });
});

describe('readFeedQuotesMessage', () => {
  const message = (quotes: unknown) => JSON.stringify({ quotes });

  it('reads a message as the schema does', () => {
    const text = message([valid, feedQuote('004001')]);
    expect(readFeedQuotesMessage(text)).toEqual(parseJson(feedQuotesMessageSchema, text)?.quotes);
  });

  it('refuses the whole message for one bad quote, and text that is not a message', () => {
    for (const text of [
      message([valid, { ...valid, price: 10.5 }]),
      message({}),
      '{"quote":[]}',
      '[]',
      '{not json',
      '',
    ]) {
      expect(parseJson(feedQuotesMessageSchema, text)).toBeUndefined();
      expect(readFeedQuotesMessage(text)).toBeUndefined();
    }
  });

  it('reads one snapshot value', () => {
    expect(readFeedQuoteJson(JSON.stringify(valid))).toEqual(feedQuoteSchema.parse(valid));
    expect(readFeedQuoteJson('{')).toBeUndefined();
  });
});
