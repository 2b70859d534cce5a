import { randomUUID } from 'node:crypto';
import { bankTransfers } from '@bourse/core/banking/schema.ts';
import { settleTransfer } from '@bourse/core/banking/settle.ts';
import {
  auditBanking,
  BankCustomer,
  HEALTHY,
  PAY_PASSWORD,
  sampleCardNumber,
} from '@bourse/core/banking/testing.ts';
import { messages } from '@bourse/core/db/schema.ts';
import { addProceeds, lockUserCash, post } from '@bourse/core/ledger/ledger.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import {
  bankingRoutes,
  Dec,
  type ErrorKey,
  type ErrorParams,
  messageSchema,
  shanghaiDate,
  tradingRoutes,
} from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectOk, expectRefused } from '../testing/expectations.ts';
import { rowCounts, withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

const transfer = bankingRoutes.transfer.response;
const account = tradingRoutes.account.response;
const STARTING_CASH = '1000000.00';

describe.each(DB_KINDS)('bank transfers on %s', (kind) => {
  const t = useTestServer(kind);
  let me: BankCustomer;
  let cardId: string;

  beforeEach(async () => {
    me = await BankCustomer.signUp(t);
    cardId = expectOk(await me.bind(sampleCardNumber('CCB')), bankingRoutes.bindCard.response).id;
  });

  const balance = async () => expectOk(await me.account(), account);
  const settle = (id: string, outcome: Parameters<typeof settleTransfer>[2]['outcome']) =>
    settleTransfer(t.database.db, id, {
      outcome,
      bankReference: `B-${id}`,
      tradingDate: shanghaiDate(Date.now()),
    });

  it('files a transfer in as auditing; the bank passing it deposits the cash once', async () => {
    const filed = expectOk(await me.transfer({ direction: 'in', cardId, amount: '2500.5' }), transfer);
    expect(filed).toMatchObject({
      direction: 'in',
      amount: '2500.50',
      status: 'auditing',
      refusalReason: null,
      bank: 'CCB',
      settledAt: null,
    });
    expect((await balance()).available).toBe(STARTING_CASH);

    const settled = await settle(filed.id, { status: 'passed' });
    expect(settled?.transfer).toMatchObject({ status: 'passed', bankReference: `B-${filed.id}` });
    expect(await balance()).toMatchObject({ available: '1002500.50', withdrawable: '1002500.50' });
    // The bank calling back again finds nothing to do.
    const before = await rowCounts(t.database.db);
    expect(await settle(filed.id, { status: 'passed' })).toBeNull();
    expect(await settle(filed.id, { status: 'refused', reason: 'declined' })).toBeNull();
    expect(await rowCounts(t.database.db)).toEqual(before);
    expect((await balance()).available).toBe('1002500.50');

    const listed = expectOk(await me.transfers(), bankingRoutes.transfers.response);
    expect(listed.items.map((i) => [i.id, i.status])).toEqual([[filed.id, 'passed']]);
    const notices = await t.database.db.select().from(messages).where(eq(messages.userId, me.userId));
    expect(
      notices.map((m) => messageSchema.parse({ ...m, read: false, createdAt: '', marketAt: '' }).params),
    ).toEqual([
      { direction: 'in', status: 'passed', amount: '2500.50', bankName: 'CCB', cardTail: filed.cardTail },
    ]);
    expect(await auditBanking(t.database.db)).toEqual(HEALTHY);
  });

  it('refuses a transfer in without moving cash', async () => {
    const filed = expectOk(await me.transfer({ direction: 'in', cardId, amount: '10' }), transfer);
    const settled = await settle(filed.id, { status: 'refused', reason: 'declined' });
    expect(settled?.transfer).toMatchObject({
      status: 'refused',
      refusalReason: 'declined',
      settleEntryId: null,
    });
    expect(settled?.cash).toBeNull();
    expect((await balance()).available).toBe(STARTING_CASH);
    expect(await auditBanking(t.database.db)).toEqual(HEALTHY);
  });

  it('freezes a transfer out, then withdraws it when passed or releases it when refused', async () => {
    const out = { direction: 'out', cardId, payPassword: PAY_PASSWORD } as const;
    const passing = expectOk(await me.transfer({ ...out, amount: '300000' }), transfer);
    const refusing = expectOk(await me.transfer({ ...out, amount: '200000.25' }), transfer);
    expect(await balance()).toMatchObject({
      available: '499999.75',
      frozen: '500000.25',
      withdrawable: '499999.75',
    });
    expect(await auditBanking(t.database.db)).toEqual(HEALTHY);

    await settle(passing.id, { status: 'passed' });
    expect(await balance()).toMatchObject({ available: '499999.75', frozen: '200000.25', cash: '700000.00' });
    await settle(refusing.id, { status: 'refused', reason: 'expired' });
    expect(await balance()).toMatchObject({ available: '700000.00', frozen: '0.00' });
    expect(await settle(refusing.id, { status: 'passed' })).toBeNull();
    expect((await balance()).available).toBe('700000.00');
    expect(await auditBanking(t.database.db)).toEqual(HEALTHY);
  });

  it('lets out at most the withdrawable cash: today’s sale proceeds wait until tomorrow', async () => {
    const today = shanghaiDate(Date.now());
    await t.database.db.transaction(async (tx) => {
      const cash = await lockUserCash(tx, me.userId);
      addProceeds(cash, today, new Dec(5000));
      await post(tx, cash, { kind: 'sell', tradingDate: today }, [
        { account: 'market', amount: new Dec(-5000) },
        { account: 'available', amount: new Dec(5000) },
      ]);
    });
    expect(await balance()).toMatchObject({ available: '1005000.00', withdrawable: STARTING_CASH });
    const body = { direction: 'out', cardId, payPassword: PAY_PASSWORD, amount: '1000000.01' };
    await expectRefused(
      t.database.db,
      () => me.transfer(body, { lang: 'en' }),
      'transfer.exceedsWithdrawable',
      { withdrawable: STARTING_CASH },
    );
    expectOk(await me.transfer({ ...body, amount: STARTING_CASH }), transfer);
    expect(await balance()).toMatchObject({
      available: '5000.00',
      frozen: STARTING_CASH,
      withdrawable: '0.00',
    });
  });

  describe('Idempotency-Key', () => {
    it('answers the first transfer for the same key and body, and freezes nothing twice', async () => {
      const key = randomUUID();
      const body = { direction: 'out', cardId, amount: '100.00', payPassword: PAY_PASSWORD };
      const first = expectOk(await me.transfer(body, { key }), transfer);
      const before = await rowCounts(t.database.db);
      // A retry with the amount written differently is the same request.
      const again = await me.transfer({ ...body, amount: '100' }, { key });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(expectOk(again, transfer).id).toBe(first.id);
      expect(await rowCounts(t.database.db)).toEqual(before);
      expect((await balance()).frozen).toBe('100.00');
    });

    it('answers one transfer to the same key sent twice at once', async () => {
      const key = randomUUID();
      const body = { direction: 'out', cardId, amount: '50.00', payPassword: PAY_PASSWORD };
      const [a, b] = await Promise.all([me.transfer(body, { key }), me.transfer(body, { key })]);
      expect(expectOk(a, transfer).id).toBe(expectOk(b, transfer).id);
      expect((await balance()).frozen).toBe('50.00');
      expect(await auditBanking(t.database.db)).toEqual(HEALTHY);
    });

    it('refuses the same key with another body', async () => {
      const key = randomUUID();
      expectOk(await me.transfer({ direction: 'in', cardId, amount: '100.00' }, { key }), transfer);
      await expectRefused(
        t.database.db,
        () => me.transfer({ direction: 'in', cardId, amount: '100.01' }, { key, lang: 'en' }),
        'common.idempotencyConflict',
      );
    });

    it.each([
      ['missing', null],
      ['too short', 'abc'],
      ['with spaces', 'not a valid key!'],
    ])('refuses a %s key', async (_, key) => {
      await expectRefused(
        t.database.db,
        () => me.transfer({ direction: 'in', cardId, amount: '1' }, { key, lang: 'en' }),
        'common.idempotencyKeyInvalid',
      );
    });
  });

  describe('refuses, writing nothing,', () => {
    const refused = (send: () => Promise<ApiResponse>, key: ErrorKey, params?: ErrorParams) =>
      expectRefused(t.database.db, send, key, params);

    it.each([
      ['an empty amount', '', 'transfer.amountNotPositive', { field: 'amount' }],
      ['a zero amount', '0.00', 'transfer.amountNotPositive', { field: 'amount' }],
      ['a negative amount', '-5', 'transfer.amountNotPositive', { field: 'amount' }],
      ['an amount that is not a number', '12abc', 'validation.amount', { field: 'amount' }],
      ['an amount in fractions of a cent', '1.005', 'validation.amount', { field: 'amount' }],
      ['an amount sent as a JSON number', 1, 'validation.moneyString', { field: 'amount' }],
      ['an amount padded with spaces', ' 1', 'validation.moneyString', { field: 'amount' }],
      [
        'an amount above the limit',
        '5000000.01',
        'transfer.aboveLimit',
        { field: 'amount', max: '5000000.00' },
      ],
    ] as const)('%s', async (_, amount, key, params) => {
      await refused(() => me.transfer({ direction: 'in', cardId, amount }, { lang: 'en' }), key, params);
    });

    it('a missing amount, an unknown direction, a malformed card id', async () => {
      await refused(
        () => me.transfer({ direction: 'in', cardId }, { lang: 'en' }),
        'transfer.amountNotPositive',
        {
          field: 'amount',
        },
      );
      await refused(
        () => me.transfer({ direction: 'sideways', cardId, amount: '1' }, { lang: 'en' }),
        'transfer.directionInvalid',
        { field: 'direction' },
      );
      await refused(
        () => me.transfer({ direction: 'in', cardId: 'card-1', amount: '1' }, { lang: 'en' }),
        'bank.cardNotFound',
        { field: 'cardId' },
      );
    });

    it('a card that is not one of the user’s bound cards', async () => {
      const other = await BankCustomer.signUp(t);
      const theirs = expectOk(await other.bind(sampleCardNumber()), bankingRoutes.bindCard.response);
      expectOk(await me.unbind(cardId), bankingRoutes.unbindCard.response);
      for (const id of [theirs.id, cardId, randomUUID()]) {
        await refused(
          () => me.transfer({ direction: 'in', cardId: id, amount: '1' }, { lang: 'en' }),
          'bank.cardNotFound',
        );
      }
    });

    it('a user whose real name is not verified', async () => {
      const unverified = await BankCustomer.signUp(t, { verified: false });
      await refused(
        () => unverified.transfer({ direction: 'in', cardId, amount: '1' }, { lang: 'en' }),
        'identity.notVerified',
      );
    });

    it('a transfer out without the right payment password', async () => {
      const out = { direction: 'out', cardId, amount: '1' };
      await refused(() => me.transfer(out, { lang: 'en' }), 'payPassword.required');
      await refused(
        () => me.transfer({ ...out, payPassword: '12345a' }, { lang: 'en' }),
        'payPassword.format',
      );
      await refused(
        () => me.transfer({ ...out, payPassword: '000000' }, { lang: 'en' }),
        'payPassword.wrong',
        {
          attemptsLeft: 4,
        },
      );
      // The fifth wrong entry locks payments, the right one included.
      for (let wrong = 2; wrong <= 5; wrong++) await me.transfer({ ...out, payPassword: '000000' });
      const locked = await withoutWrites(t.database.db, () =>
        me.transfer({ ...out, payPassword: PAY_PASSWORD }, { lang: 'en' }),
      );
      expect({ status: locked.status, key: locked.body.key }).toEqual({
        status: 429,
        key: 'payPassword.locked',
      });
      const noPassword = await BankCustomer.signUp(t, { payPassword: null });
      const card = expectOk(await noPassword.bind(sampleCardNumber()), bankingRoutes.bindCard.response);
      await refused(
        () => noPassword.transfer({ ...out, cardId: card.id, payPassword: PAY_PASSWORD }, { lang: 'en' }),
        'payPassword.notSet',
      );
    });

    it('a transfer in with a payment password that is not the right one (quick payment sends one)', async () => {
      const quick = { direction: 'in', cardId, amount: '1000' };
      await refused(
        () => me.transfer({ ...quick, payPassword: '000000' }, { lang: 'en' }),
        'payPassword.wrong',
        { attemptsLeft: 4 },
      );
      await refused(() => me.transfer({ ...quick, payPassword: '' }, { lang: 'en' }), 'payPassword.required');
      // The right one files it as any transfer in.
      const filed = expectOk(await me.transfer({ ...quick, payPassword: PAY_PASSWORD }), transfer);
      expect(filed).toMatchObject({ direction: 'in', amount: '1000.00', status: 'auditing' });
    });

    it('without a session', async () => {
      const res = await t.api.post('/api/bank/transfers', { direction: 'in', cardId, amount: '1' });
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 401, code: 401 });
    });
  });

  it('lists the user’s transfers newest first, filtered by direction and status', async () => {
    const a = expectOk(await me.transfer({ direction: 'in', cardId, amount: '1' }), transfer);
    const b = expectOk(
      await me.transfer({ direction: 'out', cardId, amount: '2', payPassword: PAY_PASSWORD }),
      transfer,
    );
    await settle(a.id, { status: 'passed' });
    const all = expectOk(await me.transfers('?pageSize=10'), bankingRoutes.transfers.response);
    expect(all.items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(all.total).toBe(2);
    const outs = expectOk(await me.transfers('?direction=out'), bankingRoutes.transfers.response);
    expect(outs.items.map((i) => i.id)).toEqual([b.id]);
    const passed = expectOk(await me.transfers('?status=passed'), bankingRoutes.transfers.response);
    expect(passed.items.map((i) => i.id)).toEqual([a.id]);
    const [stored] = await t.database.db.select().from(bankTransfers).where(eq(bankTransfers.id, b.id));
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });
});
