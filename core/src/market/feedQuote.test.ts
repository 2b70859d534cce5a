import { feedQuoteSchema } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { readFeedQuote, readFeedQuoteJson } from './feedQuote.ts';
import { quoteCases as cases, validQuote as valid } from './testing/quoteCases.ts';

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

describe('readFeedQuoteJson', () => {
  it('reads one snapshot value', () => {
    expect(readFeedQuoteJson(JSON.stringify(valid))).toEqual(feedQuoteSchema.parse(valid));
    expect(readFeedQuoteJson('{')).toBeUndefined();
  });
});
