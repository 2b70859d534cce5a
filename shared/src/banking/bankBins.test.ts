import { describe, expect, it } from 'vitest';
import { BANK_BINS, BANK_CODES, bankOfCard } from './bankBins.ts';
import { luhnCheckDigit } from './luhn.ts';

/** A number of `length` digits with `prefix`, zeros, then its check digit. */
const cardWith = (prefix: string, length: number) => {
  const partial = prefix.padEnd(length - 1, '0');
  return partial + luhnCheckDigit(partial);
};

describe('BANK_BINS', () => {
  it('covers every bank code once', () => {
    expect(BANK_BINS.map((b) => b.bank).sort()).toEqual([...BANK_CODES].sort());
  });

  it('never gives one prefix and length to two banks', () => {
    const seen = new Map<string, string>();
    for (const { bank, cards } of BANK_BINS) {
      for (const { length, prefixes } of cards) {
        for (const prefix of prefixes) {
          expect(prefix).toMatch(/^\d{3,9}$/);
          const key = `${prefix}/${length}`;
          expect(seen.get(key), key).toBeUndefined();
          seen.set(key, bank);
        }
      }
    }
  });

  it('leaves no prefix shadowed by a shorter one of another bank', () => {
    const all = BANK_BINS.flatMap(({ bank, cards }) =>
      cards.flatMap(({ length, prefixes }) => prefixes.map((prefix) => ({ bank, length, prefix }))),
    );
    for (const a of all) {
      expect(bankOfCard(cardWith(a.prefix, a.length)), `${a.prefix}/${a.length}`).toBe(a.bank);
    }
  });
});

describe('bankOfCard', () => {
  it.each([
    // Well-known BINs of each bank's debit cards.
    ['6222020200000000000', 'ICBC'],
    ['6228480000000000000', 'ABC'],
    ['6217850000000000000', 'BOC'],
    ['6217000000000000000', 'CCB'],
    ['6222620000000000000', 'BOCOM'],
    ['6217990000000000000', 'PSBC'],
    ['6225880000000000', 'CMB'],
    ['6226900000000000', 'CITIC'],
    ['6226600000000000', 'CEB'],
    ['6226300000000000', 'HXB'],
    ['6226220000000000', 'CMBC'],
    ['6225680000000000000', 'CGB'],
    ['6230580000000000000', 'PAB'],
    ['622909000000000000', 'CIB'],
    ['6225210000000000', 'SPDB'],
  ])('%s is %s', (digits, bank) => {
    expect(bankOfCard(digits)).toBe(bank);
  });

  it('needs the length the prefix is issued with', () => {
    // ICBC's 622202 cards have 19 digits; 16 is no card of theirs.
    expect(bankOfCard('6222020000000000')).toBeNull();
    // BoCom issues 17-digit cards under 601428 and 19-digit ones under 622262.
    expect(bankOfCard('60142800000000000')).toBe('BOCOM');
    expect(bankOfCard('6014280000000000000')).toBeNull();
  });

  it('knows nothing of other issuers', () => {
    expect(bankOfCard('4111111111111111')).toBeNull();
    expect(bankOfCard('5500000000000004')).toBeNull();
  });
});
