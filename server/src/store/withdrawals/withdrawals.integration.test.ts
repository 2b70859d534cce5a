import { randomUUID } from 'node:crypto';
import { BankCustomer, PAY_PASSWORD, sampleCardNumber } from '@bourse/core/banking/testing.ts';
import { auditLedger } from '@bourse/core/ledger/audit.ts';
import { redisMessagePublisher } from '@bourse/core/messages/publisher.ts';
import { messages } from '@bourse/core/messages/schema.ts';
import { publishWithdrawalPayout, settleWithdrawalPayout } from '@bourse/core/store/withdrawals/payout.ts';
import { withdrawalPayoutQueue } from '@bourse/core/store/withdrawals/payoutQueue.ts';
import { storeWithdrawals } from '@bourse/core/store/withdrawals/schema.ts';
import { freezeWithdrawal } from '@bourse/core/store/withdrawals/withdrawals.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { redisUserEventPublisher } from '@bourse/core/user-channel/userEventPublisher.ts';
import {
  type BankOutcome,
  bankingRoutes,
  type ErrorKey,
  type ErrorParams,
  fundRecordRoutes,
  shoppingRoutes,
  transferJobIds,
  USER_EVENTS,
  type WithdrawalView,
  withdrawalRoutes,
} from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../../testing/expectations.ts';
import { signUpAdmin, useTestServer } from '../../testing/testServer.ts';
import { listenOnUser } from '../../testing/userSocket.ts';

const PATH = '/api/store/withdrawals';
const BALANCED = {
  total: '0.00',
  driftedAccounts: [],
  unbalancedEntries: [],
  negativeAccounts: [],
  escrowGap: '0.00',
  ordersOff: [],
};

describe.each(DB_KINDS)('storefront withdrawals on %s', (kind) => {
  const t = useTestServer(kind, {
    config: { storeStartingBalance: '2000.00', storeWithdrawalCharge: { rate: '0.01', minimum: '2.00' } },
  });
  const admins: string[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const signedUp = await signUpAdmin(t);
      admins.push(signedUp.token);
    }
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  /** A verified shopper with a payment password and one bound card. */
  async function shopper() {
    const customer = await BankCustomer.signUp(t);
    const card = expectOk(await customer.bind(sampleCardNumber('CCB')), bankingRoutes.bindCard.response);
    return { customer, token: customer.token, cardId: card.id };
  }
  const withdraw = (token: string | undefined, body: unknown, key: string | null = randomUUID()) =>
    t.api.post(PATH, body, { token, lang: 'en', headers: key === null ? {} : { 'Idempotency-Key': key } });
  const withdrawn = async (token: string, cardId: string, amount: string) =>
    expectOk(
      await withdraw(token, { cardId, amount, payPassword: PAY_PASSWORD }),
      withdrawalRoutes.create.response,
    );
  const pass = (token: string, id: string) =>
    t.api.post('/api/admin/withdrawals/pass', { id }, { token, lang: 'en' });
  const refuse = (token: string, id: string, reason: string, note?: string) =>
    t.api.post('/api/admin/withdrawals/refuse', { id, reason, note }, { token, lang: 'en' });
  const wallet = async (token: string) =>
    expectOk(await t.api.get('/api/store/wallet', { token }), shoppingRoutes.wallet.response);
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey, params?: ErrorParams) =>
    expectRefused(t.database.db, send, key, params);
  /** The bank's answer about a paying withdrawal, as the payout worker settles it (its own tests run the bank). */
  const bankAnswers = async (id: string, outcome: BankOutcome) => {
    const settled = await settleWithdrawalPayout(t.database.db, id, { outcome, bankReference: `SIM-${id}` });
    if (settled)
      publishWithdrawalPayout(settled, {
        messages: redisMessagePublisher(t.redis, t.redisPrefix),
        events: redisUserEventPublisher(t.redis, t.redisPrefix, 'withdrawal'),
      });
    return settled;
  };

  it('offers the balance and the charge rule', async () => {
    const { token } = await shopper();
    expect(expectOk(await t.api.get(`${PATH}/terms`, { token }), withdrawalRoutes.terms.response)).toEqual({
      available: '2000.00',
      charge: { rate: '0.01', minimum: '2.00' },
    });
  });

  it('freezes amount and charge, passes them to the bank, and pays out once when the bank pays, live and in messages', async () => {
    const { token, cardId, customer } = await shopper();
    const { socket, heard } = await listenOnUser(t.baseUrl, token, [USER_EVENTS.withdrawal]);
    sockets.push(socket);
    const withdrawal = await withdrawn(token, cardId, '300');
    expect(withdrawal).toMatchObject({
      type: 'bankCard',
      amount: '300.00',
      serviceCharge: '3.00',
      bank: 'CCB',
      holderName: customer.realName,
      state: 'auditing',
    });
    expect(await wallet(token)).toEqual({ balance: '1697.00', frozen: '303.00', currency: 'USD' });

    const desk = expectOk(
      await t.api.get('/api/admin/withdrawals', { token: admins[0] }),
      withdrawalRoutes.adminList.response,
    );
    expect(desk.items.map((w) => w.id)).toContain(withdrawal.id);
    const done = expectOk(await pass(admins[0]!, withdrawal.id), withdrawalRoutes.adminPass.response);
    expect(done).toMatchObject({ state: 'paying', reason: null, settledAt: null });
    expect(done.auditedBy).not.toBeNull();
    // With the bank: still frozen, and back office cannot audit it again.
    expect(await wallet(token)).toEqual({ balance: '1697.00', frozen: '303.00', currency: 'USD' });
    expectFailure(await pass(admins[1]!, withdrawal.id), 'withdrawal.alreadyAudited', 'en');
    expectFailure(await refuse(admins[1]!, withdrawal.id, 'other'), 'withdrawal.alreadyAudited', 'en');
    const payouts = withdrawalPayoutQueue(t.redis, t.redisPrefix);
    expect(await payouts.getJob(transferJobIds.advance(withdrawal.id))).toMatchObject({
      data: { transferId: withdrawal.id },
    });
    await payouts.close();

    expect(await bankAnswers(withdrawal.id, { status: 'passed' })).not.toBeNull();
    expect(await bankAnswers(withdrawal.id, { status: 'passed' })).toBeNull();
    expect(await bankAnswers(withdrawal.id, { status: 'refused', reason: 'declined' })).toBeNull();
    expect(await wallet(token)).toEqual({ balance: '1697.00', frozen: '0.00', currency: 'USD' });

    const records = expectOk(
      await t.api.get('/api/store/fundRecords', { token }),
      fundRecordRoutes.list.response,
    );
    expect(records.items.map((r) => `${r.kind} ${r.amount} ${r.frozen}`)).toEqual([
      'serviceCharge 0.00 -3.00',
      'withdrawal 0.00 -300.00',
      'withdrawal -303.00 303.00',
      'adjustment 2000.00 0.00',
    ]);
    const mine = expectOk(await t.api.get(PATH, { token }), withdrawalRoutes.mine.response);
    expect(mine.items).toEqual([
      expect.objectContaining({ id: withdrawal.id, state: 'passed', settledAt: expect.any(String) }),
    ]);
    const stored = await t.database.db.select().from(messages).where(eq(messages.userId, customer.userId));
    expect(stored.map((m) => ({ kind: m.kind, params: m.params }))).toContainEqual({
      kind: 'withdrawalResult',
      params: { status: 'passed', amount: '300.00', cardTail: expect.any(String) },
    });
    await expect
      .poll(() => (heard.withdrawal as WithdrawalView[]).map((e) => e.state))
      .toEqual(['paying', 'passed']);
    expect(await auditLedger(t.database.db)).toEqual(BALANCED);
  });

  it("releases amount and charge when the bank declines a passed withdrawal, with the bank's reason", async () => {
    const { token, cardId, customer } = await shopper();
    const withdrawal = await withdrawn(token, cardId, '400');
    expectOk(await pass(admins[0]!, withdrawal.id), withdrawalRoutes.adminPass.response);
    expect(await wallet(token)).toEqual({ balance: '1596.00', frozen: '404.00', currency: 'USD' });
    expect(await bankAnswers(withdrawal.id, { status: 'refused', reason: 'declined' })).not.toBeNull();
    expect(await bankAnswers(withdrawal.id, { status: 'passed' })).toBeNull();
    expect(await wallet(token)).toEqual({ balance: '2000.00', frozen: '0.00', currency: 'USD' });
    const mine = expectOk(await t.api.get(PATH, { token }), withdrawalRoutes.mine.response);
    expect(mine.items).toEqual([expect.objectContaining({ state: 'refuse', reason: 'declined' })]);
    const stored = await t.database.db.select().from(messages).where(eq(messages.userId, customer.userId));
    expect(stored.filter((m) => m.kind === 'withdrawalResult').map((m) => m.params)).toEqual([
      expect.objectContaining({ status: 'refused', amount: '400.00', reason: 'declined' }),
    ]);
    expect(await auditLedger(t.database.db)).toEqual(BALANCED);
  });

  it('releases amount and charge on refuse, with the reason', async () => {
    const { token, cardId, customer } = await shopper();
    const withdrawal = await withdrawn(token, cardId, '500.00');
    expect(await wallet(token)).toEqual({ balance: '1495.00', frozen: '505.00', currency: 'USD' });
    await refused(() => refuse(admins[0]!, withdrawal.id, 'because'), 'withdrawal.reasonRequired');
    const done = expectOk(
      await refuse(admins[0]!, withdrawal.id, 'cardProblem', 'card frozen by the bank'),
      withdrawalRoutes.adminRefuse.response,
    );
    expect(done).toMatchObject({ state: 'refuse', reason: 'cardProblem', note: 'card frozen by the bank' });
    expect(await wallet(token)).toEqual({ balance: '2000.00', frozen: '0.00', currency: 'USD' });
    expectFailure(await pass(admins[0]!, withdrawal.id), 'withdrawal.alreadyAudited', 'en');
    const stored = await t.database.db.select().from(messages).where(eq(messages.userId, customer.userId));
    expect(stored.map((m) => m.params)).toContainEqual(
      expect.objectContaining({ status: 'refused', amount: '500.00', reason: 'cardProblem' }),
    );
    expect(await auditLedger(t.database.db)).toEqual(BALANCED);
  });

  it("refuses bad input with the spec's messages, writing nothing", async () => {
    const { token, cardId } = await shopper();
    const send = (body: Record<string, unknown>) =>
      withdraw(token, { cardId, payPassword: PAY_PASSWORD, ...body });
    for (const amount of [undefined, '', '0', '-5', 'abc', '0.00'])
      await refused(() => send({ amount }), 'withdrawal.amountNotPositive');
    await refused(() => send({ amount: '1.234' }), 'withdrawal.badAmount');
    // 1999 and its 19.99 charge do not fit in 2000; neither does 2000 itself.
    await refused(() => send({ amount: '1999' }), 'withdrawal.overBalance');
    await refused(() => send({ amount: '2000.01' }), 'withdrawal.overBalance');
    await refused(() => send({ amount: '10', cardId: randomUUID() }), 'bank.cardNotFound');
    const other = await shopper();
    await refused(() => send({ amount: '10', cardId: other.cardId }), 'bank.cardNotFound');
    await refused(() => send({ amount: '10', payPassword: '000000' }), 'payPassword.wrong', {
      attemptsLeft: 4,
    });
    await refused(
      () => withdraw(token, { cardId, amount: '10', payPassword: PAY_PASSWORD }, null),
      'common.idempotencyKeyInvalid',
    );
    await refused(() => withdraw(undefined, { cardId, amount: '10' }), 'auth.loginFirst');
    await refused(() => pass(admins[0]!, randomUUID()), 'withdrawal.notFound');
    expect(await wallet(token)).toEqual({ balance: '2000.00', frozen: '0.00', currency: 'USD' });
    // Draw all: the largest amount whose charge still fits, 1980.19 + 19.81 = 2000.
    await withdrawn(token, cardId, '1980.19');
    expect(await wallet(token)).toEqual({ balance: '0.00', frozen: '2000.00', currency: 'USD' });
  });

  it('never overdraws under 50 concurrent withdrawals', async () => {
    const { token, cardId, customer } = await shopper();
    // The payment password lets a user have only a few entries in flight (its attempt limit
    // counts them before they are verified), so the 50 race past the gate, on the freeze.
    const deps = { db: t.database.db, charge: { rate: '0.01', minimum: '2.00' } };
    const answers = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        freezeWithdrawal(deps, customer.userId, { cardId, amount: '150' }, randomUUID()),
      ),
    );
    // 150 + 2 charge each: 13 fit in 2000, leaving 24.
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(13);
    for (const answer of answers)
      if (answer.status === 'rejected')
        expect(answer.reason).toMatchObject({ key: 'withdrawal.overBalance' });
    expect(await wallet(token)).toEqual({ balance: '24.00', frozen: '1976.00', currency: 'USD' });
    const mine = expectOk(await t.api.get(`${PATH}?pageSize=100`, { token }), withdrawalRoutes.mine.response);
    expect(mine.total).toBe(13);
    expect(await auditLedger(t.database.db)).toEqual(BALANCED);
  });

  it('answers 20 concurrent requests through the gate with a freeze of 152 each or a refusal, never overdrawing', async () => {
    const { token, cardId } = await shopper();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(token, { cardId, amount: '150', payPassword: PAY_PASSWORD })),
    );
    const passed = answers.filter((a) => a.status === 200).length;
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(['withdrawal.overBalance', 'payPassword.locked']).toContain(
        (answer.body as { key: string }).key,
      );
    const spent = (passed * 152).toFixed(2);
    expect(await wallet(token)).toMatchObject({ frozen: spent });
    expect(await auditLedger(t.database.db)).toEqual(BALANCED);
  });

  it('pays out once when two admins pass the same withdrawal and the bank answers twice at the same moment', async () => {
    const { token, cardId } = await shopper();
    const pending = await Promise.all(Array.from({ length: 4 }, () => withdrawn(token, cardId, '100')));
    for (const withdrawal of pending) {
      const answers = await Promise.all([pass(admins[0]!, withdrawal.id), pass(admins[1]!, withdrawal.id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const settled = await Promise.all([
        bankAnswers(withdrawal.id, { status: 'passed' }),
        bankAnswers(withdrawal.id, { status: 'passed' }),
      ]);
      expect(settled.filter((s) => s !== null)).toHaveLength(1);
    }
    expect(await wallet(token)).toEqual({ balance: '1592.00', frozen: '0.00', currency: 'USD' });
    expect(await auditLedger(t.database.db)).toEqual(BALANCED);
  });

  it('answers a replayed Idempotency-Key with the first withdrawal and another body under it with 409', async () => {
    const { token, cardId } = await shopper();
    const key = randomUUID();
    const body = { cardId, amount: '10.00', payPassword: PAY_PASSWORD };
    const first = expectOk(await withdraw(token, body, key), withdrawalRoutes.create.response);
    const again = await withdraw(token, body, key);
    expect(expectOk(again, withdrawalRoutes.create.response)).toEqual(first);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await refused(() => withdraw(token, { ...body, amount: '11.00' }, key), 'common.idempotencyConflict');
    const rows = await t.database.db
      .select()
      .from(storeWithdrawals)
      .where(eq(storeWithdrawals.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    expect(await wallet(token)).toEqual({ balance: '1988.00', frozen: '12.00', currency: 'USD' });
  });

  it('keeps the desk to admins: 401 anonymous, 403 for users', async () => {
    const { token } = await t.api.signUp();
    const id = randomUUID();
    const calls = [
      (tk?: string) => t.api.get('/api/admin/withdrawals', { token: tk, lang: 'en' }),
      (tk?: string) => t.api.post('/api/admin/withdrawals/pass', { id }, { token: tk, lang: 'en' }),
      (tk?: string) =>
        t.api.post('/api/admin/withdrawals/refuse', { id, reason: 'other' }, { token: tk, lang: 'en' }),
    ];
    for (const call of calls) {
      await refused(() => call(undefined), 'auth.loginFirst');
      await refused(() => call(token), 'common.forbidden');
    }
  });
});
