import { describe, expect, it } from 'vitest';
import { EMPTY_NEW_IPO, parseNewIpo } from './newIpoForm.ts';

const filled = {
  code: '606888',
  name: '星河科技',
  price: '12.34',
  onlineShares: '10000000',
  subscriptionDate: '2026-07-09',
  listingDate: '',
};

describe('the create-an-issue form', () => {
  it('makes the request, without a listing date when none is typed', () => {
    expect(parseNewIpo(filled)).toEqual({
      ok: true,
      body: {
        code: '606888',
        name: '星河科技',
        price: '12.34',
        onlineShares: 10_000_000,
        subscriptionDate: '2026-07-09',
      },
    });
    expect(parseNewIpo({ ...filled, listingDate: '2026-07-14' })).toMatchObject({
      ok: true,
      body: { listingDate: '2026-07-14' },
    });
  });

  it.each([
    ['code', { code: '60688' }, 'A stock code is six digits.'],
    ['name', { name: ' ' }, 'Please enter a name of at most 50 characters.'],
    ['price', { price: '12,34' }, 'The issue price must be greater than zero with at most two decimals.'],
    [
      'onlineShares',
      { onlineShares: '1.5' },
      'The online tranche must be a whole number of 500-share units.',
    ],
    // 10,000,250 is not whole 500-share units: said before the server says it.
    [
      'onlineShares',
      { onlineShares: '10000250' },
      'The online tranche must be a whole number of 500-share units.',
    ],
    ['subscriptionDate', { subscriptionDate: '2026-02-30' }, 'Please give dates as YYYY-MM-DD.'],
    ['listingDate', { listingDate: '16/07/2026' }, 'Please give dates as YYYY-MM-DD.'],
  ] as const)('says what is wrong with %s', (field, change, message) => {
    const parsed = parseNewIpo({ ...filled, ...change });
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? {} : parsed.errors).toEqual({ [field]: message });
  });

  it('names every empty field', () => {
    const parsed = parseNewIpo(EMPTY_NEW_IPO);
    expect(parsed.ok ? [] : Object.keys(parsed.errors).sort()).toEqual(
      ['code', 'name', 'onlineShares', 'price', 'subscriptionDate'].sort(),
    );
  });
});
