import { randomUUID } from 'node:crypto';
import { BankCustomer, sampleCardNumber } from '@bourse/core/banking/testing.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { bankingRoutes, type ErrorKey, type ErrorParams, luhnCheckDigit } from '@bourse/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectFailure, expectOk, expectRefused } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

const cards = z.array(bankingRoutes.cards.response.element);
const card = bankingRoutes.bindCard.response;

describe.each(DB_KINDS)('bank cards on %s', (kind) => {
  const t = useTestServer(kind);
  let me: BankCustomer;

  beforeEach(async () => {
    me = await BankCustomer.signUp(t);
  });

  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey, params?: ErrorParams) =>
    expectRefused(t.database.db, send, key, params);

  it('binds cards: the first is the default, the bank is recognised, only the tail is shown', async () => {
    const number = sampleCardNumber('CMB');
    const grouped = number.replace(/(\d{4})(?=\d)/g, '$1 ');
    const first = expectOk(await me.bind(grouped), card);
    expect(first).toMatchObject({
      bank: 'CMB',
      cardTail: number.slice(-4),
      cardMasked: `${number.slice(0, 4)} **** **** ${number.slice(-4)}`,
      holderName: '李雷',
      isDefault: true,
    });
    const second = expectOk(await me.bind(sampleCardNumber('ICBC')), card);
    expect(second).toMatchObject({ bank: 'ICBC', isDefault: false });
    const listed = expectOk(await me.cards(), cards);
    expect(listed.map((c) => [c.id, c.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect(JSON.stringify(listed)).not.toContain(number);
  });

  it('moves the default, and promotes the oldest card left when the default is unbound', async () => {
    const a = expectOk(await me.bind(sampleCardNumber('ABC')), card);
    const b = expectOk(await me.bind(sampleCardNumber('BOC')), card);
    const c = expectOk(await me.bind(sampleCardNumber('CCB')), card);
    const moved = expectOk(await me.setDefault(c.id), cards);
    expect(moved.map((x) => [x.id, x.isDefault])).toEqual([
      [c.id, true],
      [a.id, false],
      [b.id, false],
    ]);
    const left = expectOk(await me.unbind(c.id), cards);
    expect(left.map((x) => [x.id, x.isDefault])).toEqual([
      [a.id, true],
      [b.id, false],
    ]);
    expect(expectOk(await me.unbind(b.id), cards).map((x) => x.id)).toEqual([a.id]);
  });

  it('lets a number unbound on one account be bound on another', async () => {
    const number = sampleCardNumber('PSBC');
    const bound = expectOk(await me.bind(number), card);
    expectOk(await me.unbind(bound.id), cards);
    const other = await BankCustomer.signUp(t, { realName: '李雷' });
    expect(expectOk(await other.bind(number), card).bank).toBe('PSBC');
  });

  describe('refuses, writing nothing,', () => {
    it('a user whose real name is not verified', async () => {
      const unverified = await BankCustomer.signUp(t, { verified: false });
      await refused(() => unverified.bind(sampleCardNumber(), '李雷', 'en'), 'identity.notVerified');
    });

    it.each([
      ['an empty number', '', 'validation.required', { field: 'cardNumber' }],
      ['a number of 15 digits', '622202020011223', 'bank.cardNumberFormat', {}],
      ['a number with a letter', '62220202001122334A5', 'bank.cardNumberFormat', {}],
      ['a wrong check digit', 'LUHN', 'bank.cardNumberInvalid', {}],
      ['a card of no supported bank', '4111111111111111', 'bank.cardUnsupported', {}],
    ] as const)('%s', async (_, raw, key, params) => {
      const good = sampleCardNumber();
      const wrongDigit = `${good.slice(0, -1)}${(Number(luhnCheckDigit(good.slice(0, -1))) + 1) % 10}`;
      const number = raw === 'LUHN' ? wrongDigit : raw;
      await refused(() => me.bind(number, '李雷', 'en'), key, params);
    });

    it.each([
      ['another name', '韩梅梅', 'bank.holderMismatch', {}],
      ['an empty name', '', 'validation.required', { field: 'holderName' }],
      ['a name in Latin letters', 'Li Lei', 'identity.nameInvalid', {}],
    ] as const)('a holder with %s', async (_, holderName, key, params) => {
      await refused(() => me.bind(sampleCardNumber(), holderName, 'en'), key, params);
    });

    it('a card bound already, here or on another account', async () => {
      const number = sampleCardNumber('CITIC');
      expectOk(await me.bind(number), card);
      await refused(() => me.bind(number, '李雷', 'en'), 'bank.cardTaken');
      const other = await BankCustomer.signUp(t);
      await refused(() => other.bind(number, '李雷', 'en'), 'bank.cardTaken');
    });

    it('a sixth card', async () => {
      for (const bank of ['ICBC', 'ABC', 'BOC', 'CCB', 'BOCOM'] as const)
        expectOk(await me.bind(sampleCardNumber(bank)), card);
      await refused(() => me.bind(sampleCardNumber('CIB'), '李雷', 'en'), 'bank.tooManyCards', { max: 5 });
    });

    it('a card that is not one of the user’s bound cards', async () => {
      const other = await BankCustomer.signUp(t);
      const theirs = expectOk(await other.bind(sampleCardNumber()), card);
      const mine = expectOk(await me.bind(sampleCardNumber()), card);
      expectOk(await me.unbind(mine.id), cards);
      for (const id of [theirs.id, mine.id, randomUUID()]) {
        await refused(() => me.unbind(id, 'en'), 'bank.cardNotFound');
        await refused(() => me.setDefault(id, 'en'), 'bank.cardNotFound');
      }
      await refused(() => me.unbind('not-a-uuid', 'en'), 'bank.cardNotFound', { field: 'id' });
    });

    it('to unbind a card with a transfer in flight', async () => {
      const bound = expectOk(await me.bind(sampleCardNumber()), card);
      expectOk(
        await me.transfer({ direction: 'in', cardId: bound.id, amount: '100.00' }),
        bankingRoutes.transfer.response,
      );
      await refused(() => me.unbind(bound.id, 'en'), 'bank.cardBusy');
    });

    it('in the user’s language', async () => {
      const res = await me.bind('4111111111111111', '李雷', 'ja');
      expectFailure(res, 'bank.cardUnsupported', 'ja');
    });
  });
});
