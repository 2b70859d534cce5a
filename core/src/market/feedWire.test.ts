import { feedQuoteSchema, feedTradesMessageSchema, type TradeTick } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { readAlertQuotes } from '../alerts/alertQuotes.ts';
import { readFeedQuote } from './feedQuote.ts';
import {
  encodeWireQuote,
  encodeWireQuotes,
  encodeWireTrades,
  QUOTE_WIRE_FIELDS,
  readWireQuotes,
  readWireTrades,
} from './feedWire.ts';
import { feedQuote } from './testing/feedDouble.ts';
import { quoteCases, validQuote } from './testing/quoteCases.ts';

/** The valid quote's row with one field replaced, as a whole message. */
function messageWith(field: string, value: unknown): string {
  const row = JSON.parse(encodeWireQuote(validQuote)) as unknown[];
  row[QUOTE_WIRE_FIELDS.indexOf(field as (typeof QUOTE_WIRE_FIELDS)[number])] = value;
  return JSON.stringify([1, row]);
}

const level = (price: string, volume: number) => ({ price, volume });

/** The book and the indicative price take another form on the wire: their cases in it, with the object each good one stands for. */
const wireCases: Record<string, { bad: unknown[]; good: [unknown, unknown][] }> = {
  bids: {
    bad: [null, {}, ['1.00'], [1, 1], ['1.00', -1], ['1.00', 1.5], [null, 1], Array(12).fill('1.00')],
    good: [
      [[], []],
      [
        ['1.05', 1, '1.04', 2, '1.03', 3, '1.02', 4, '1.01', 5],
        [level('1.05', 1), level('1.04', 2), level('1.03', 3), level('1.02', 4), level('1.01', 5)],
      ],
    ],
  },
  asks: { bad: [undefined, [{ price: '1.00', volume: 1 }]], good: [[['1.00', 0], [level('1.00', 0)]]] },
  indicative: {
    bad: [{}, [], ['1'], [1, 1], ['1', 0.5], ['1', 1, 2]],
    good: [
      [null, null],
      [['any text', -5], { price: 'any text', volume: -5 }],
    ],
  },
};

describe('the quotes wire', () => {
  it('gives back what the schema gives for the quote, with readFeedQuote’s keys in its order', () => {
    const quotes = [
      { ...validQuote, phase: 'continuous', buyTurnover: '1.00', sellTurnover: '2.00' },
      feedQuote('004001', {
        name: '*ST "引号"\\n',
        open: null,
        high: null,
        low: null,
        limitUp: null,
        limitDown: null,
        bids: [],
        asks: [],
        board: 'bse',
      }),
    ];
    const read = readWireQuotes(encodeWireQuotes(quotes));
    expect(read).toEqual(quotes.map((q) => feedQuoteSchema.parse(q)));
    expect(Object.keys(read![0]!)).toEqual(Object.keys(readFeedQuote(quotes[0])!));
  });

  it('is less than half the bytes of the quote as JSON', () => {
    const quote = {
      ...validQuote,
      bids: Array.from({ length: 5 }, (_, i) => level(`9.9${i}`, 100 * (i + 1))),
      asks: Array.from({ length: 5 }, (_, i) => level(`10.0${i + 1}`, 100 * (i + 1))),
    };
    expect(encodeWireQuote(quote).length).toBeLessThan(JSON.stringify(quote).length / 2);
  });

  for (const [field, { bad, good }] of Object.entries(quoteCases)) {
    if (field in wireCases) continue;
    it(`agrees with feedQuoteSchema on ${field}`, () => {
      // undefined has no form in a JSON array: the field is always there.
      for (const value of bad.filter((v) => v !== undefined))
        expect({ value, read: readWireQuotes(messageWith(field, value)) }).toEqual({
          value,
          read: undefined,
        });
      for (const value of good)
        expect(readWireQuotes(messageWith(field, value))).toEqual([
          feedQuoteSchema.parse({ ...validQuote, [field]: value }),
        ]);
    });
  }

  for (const [field, { bad, good }] of Object.entries(wireCases)) {
    it(`reads ${field} in its wire form by the schema's rules`, () => {
      for (const value of bad.filter((v) => v !== undefined))
        expect({ value, read: readWireQuotes(messageWith(field, value)) }).toEqual({
          value,
          read: undefined,
        });
      for (const [value, object] of good)
        expect(readWireQuotes(messageWith(field, value))).toEqual([
          feedQuoteSchema.parse({ ...validQuote, [field]: object }),
        ]);
    });
  }

  it('refuses the whole message for one bad quote, and what is not a message of this version', () => {
    const good = encodeWireQuote(validQuote);
    const row = JSON.parse(good) as unknown[];
    for (const text of [
      `[1,${good},${messageWith('price', 10.5).slice(3, -1)}]`,
      JSON.stringify([1, row.slice(0, -1)]),
      JSON.stringify([1, [...row, 0]]),
      JSON.stringify([1, {}]),
      JSON.stringify([2, row]),
      JSON.stringify({ quotes: [validQuote] }),
      '[]',
      '{not json',
      '',
    ]) {
      expect({ text, read: readWireQuotes(text) }).toEqual({ text, read: undefined });
      expect({ text, read: readAlertQuotes(text) }).toEqual({ text, read: undefined });
    }
    expect(readWireQuotes('[1]')).toEqual([]);
  });

  it('gives the alert evaluator its seven fields, checked the same way', () => {
    const { symbol, price, pct, limitUp, limitDown, time, ts } = validQuote;
    expect(readAlertQuotes(encodeWireQuotes([validQuote]))).toEqual([
      { symbol, price, pct, limitUp, limitDown, time, ts },
    ]);
    for (const field of ['symbol', 'ts', 'time', 'price', 'pct', 'limitUp', 'limitDown'])
      for (const value of quoteCases[field]!.bad.filter((v) => v !== undefined))
        expect({ field, value, read: readAlertQuotes(messageWith(field, value)) }).toEqual({
          field,
          value,
          read: undefined,
        });
  });
});

describe('the trades wire', () => {
  const tick = (seq: number, overrides: Partial<TradeTick> = {}): TradeTick => ({
    price: '10.01',
    volume: 300,
    side: 'B',
    kind: 'continuous',
    time: 1_783_300_000_000 + seq,
    seq,
    ...overrides,
  });

  it('gives back every batch in order, an absent kind as continuous', () => {
    const batches = [
      { symbol: '604000', trades: [tick(1, { kind: 'open' }), tick(2, { side: 'S' }), tick(3)] },
      { symbol: '004001', trades: [tick(7, { kind: 'close', price: '9.90', volume: 100 })] },
      { symbol: '004002', trades: [] },
    ];
    const read = readWireTrades(encodeWireTrades(batches));
    expect(read).toEqual(feedTradesMessageSchema.parse({ batches }).batches);
    const { kind: _, ...bare } = tick(4);
    expect(readWireTrades(encodeWireTrades([{ symbol: '604000', trades: [bare] }]))).toEqual([
      { symbol: '604000', trades: [tick(4)] },
    ]);
  });

  it('refuses a message with any trade the schema refuses, and what is not a message of this version', () => {
    const good = ['604000', '10.01', 300, 'B', 0, 1, 1];
    const changed = (i: number, value: unknown) =>
      JSON.stringify([1, good.map((v, j) => (j === i ? value : v))]);
    for (const text of [
      changed(0, 604000),
      changed(1, 10.01),
      changed(1, '1e3'),
      changed(2, 0),
      changed(2, 1.5),
      changed(3, 'X'),
      changed(4, 3),
      changed(4, 'continuous'),
      changed(5, '1'),
      changed(6, 1.5),
      JSON.stringify([1, good.slice(0, -1)]),
      JSON.stringify([1, good, 'x']),
      JSON.stringify({ batches: [] }),
      '{not json',
    ])
      expect({ text, read: readWireTrades(text) }).toEqual({ text, read: undefined });
    expect(readWireTrades(JSON.stringify([1, good]))).toHaveLength(1);
  });
});
