import { randomUUID } from 'node:crypto';
import { auditLedger } from '@bourse/core/ledger/audit.ts';
import { journalEntries } from '@bourse/core/ledger/schema.ts';
import { redisMessagePublisher } from '@bourse/core/messages/publisher.ts';
import { messages } from '@bourse/core/messages/schema.ts';
import { orderFulfilmentQueue } from '@bourse/core/store/autoFulfilment.ts';
import { advanceShipment, SimulatedCarrier, shipmentQueue } from '@bourse/core/store/logistics';
import { redisShipmentPublisher } from '@bourse/core/store/logistics/shipmentPublisher.ts';
import { storeOrders } from '@bourse/core/store/orderSchema.ts';
import {
  type RefundDeps,
  refundQueue,
  returnDeliveredHook,
  runDueRefundSteps,
  runRefundStep,
} from '@bourse/core/store/refunds';
import { storeRefunds } from '@bourse/core/store/refunds/schema.ts';
import { insertKiteShop } from '@bourse/core/store/testing.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { redisUserEventPublisher } from '@bourse/core/user-channel/userEventPublisher.ts';
import {
  type ErrorKey,
  type ErrorParams,
  refundRoutes,
  shoppingRoutes,
  storeRefundJobId,
} from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../../testing/expectations.ts';
import { paidStoreOrder } from '../../testing/storeShopper.ts';
import { signUpAdmin, useTestServer } from '../../testing/testServer.ts';

const ANSWER_MS = 60_000;
const RETURN_CONFIRM_MS = 30_000;

function form(fields: Record<string, string>, proof: Buffer | null = PNG): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (proof) body.append('proof', new Blob([proof], { type: 'image/png' }), 'proof.png');
  return body;
}

describe.each(DB_KINDS)('storefront refunds on %s', (kind) => {
  const t = useTestServer(kind, {
    config: {
      storeStartingBalance: '2000.00',
      storeRefundAnswerMs: ANSWER_MS,
      storeReturnConfirmMs: RETURN_CONFIRM_MS,
      // The automatic shipping stays out of these tests' way.
      storeAutoShipMs: 3_600_000,
    },
  });
  const db = () => t.database.db;
  let admin: string;
  let specId: number;
  let deps: RefundDeps;
  const carrier = new SimulatedCarrier({ seed: 'refund-test', timeScale: 1 });

  beforeAll(async () => {
    admin = (await signUpAdmin(t)).token;
    const shop = await insertKiteShop(db(), [{ label: 'Red', price: '40.00', stock: 500 }]);
    specId = shop.specIds[0]!;
    deps = {
      db: db(),
      queue: refundQueue(t.redis, t.redisPrefix),
      fulfilment: orderFulfilmentQueue(t.redis, t.redisPrefix),
      timings: { answerMs: ANSWER_MS, returnConfirmMs: RETURN_CONFIRM_MS, afterSaleWindowMs: 120_000 },
      messages: redisMessagePublisher(t.redis, t.redisPrefix),
      events: redisUserEventPublisher(t.redis, t.redisPrefix, 'refund'),
      logistics: { carrier, queue: shipmentQueue(t.redis, t.redisPrefix) },
    };
  });
  afterAll(async () => {
    await deps.queue.close();
    await deps.fulfilment.close();
    await deps.logistics.queue.close();
  });

  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey, params: ErrorParams = {}) =>
    expectRefused(db(), send, key, params);

  /** A shopper (2,000.00 USD) with one paid order of `quantity` kites at 40.00 (no freight). */
  const paidOrder = (quantity = 2) => paidStoreOrder(t, specId, quantity);

  const fields = (orderId: string, overrides: Record<string, string> = {}) => ({
    orderId,
    type: 'refundOnly',
    productStatus: 'notReceived',
    amount: '30.00',
    reason: 'notReceived',
    explanation: 'The parcel never left the shop.',
    ...overrides,
  });
  const ask = (token: string | undefined, body: FormData, key = randomUUID(), lang = 'en') =>
    t.api.request('POST', '/api/store/refunds', { token, lang, body, headers: { 'Idempotency-Key': key } });
  const asked = async (token: string, orderId: string, overrides: Record<string, string> = {}) =>
    expectOk(await ask(token, form(fields(orderId, overrides))), refundRoutes.create.response);
  const order = async (token: string, orderId: string) =>
    expectOk(await t.api.get(`/api/store/order?id=${orderId}`, { token }), shoppingRoutes.order.response);
  const balance = async (token: string) =>
    expectOk(await t.api.get('/api/store/wallet', { token }), shoppingRoutes.wallet.response).balance;
  const approve = (token: string | undefined, id: string) =>
    t.api.post('/api/admin/refunds/approve', { id }, { token, lang: 'en' });
  const refundEntries = async (userId: string) =>
    (
      await db()
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.userId, userId), eq(journalEntries.kind, 'storeRefund')))
    ).length;

  it('refuses bad requests in the user’s language and writes nothing', async () => {
    const { token, orderId } = await paidOrder();
    const other = await t.api.signUp();
    await refused(() => ask(undefined, form(fields(orderId))), 'auth.loginFirst');
    await refused(() => ask(token, form(fields(orderId), null)), 'refund.proofRequired');
    await refused(() => ask(token, form(fields(orderId, { amount: '' }))), 'refund.amountRequired');
    await refused(() => ask(token, form(fields(orderId, { amount: '-1' }))), 'refund.amountNegative');
    await refused(() => ask(token, form(fields(orderId, { amount: '1.234' }))), 'refund.badAmount');
    await refused(() => ask(token, form(fields(orderId, { amount: '80.01' }))), 'refund.overRefundable', {
      refundable: '80.00',
    });
    await refused(() => ask(token, form(fields(orderId, { type: 'swap' }))), 'refund.typeRequired');
    await refused(
      () => ask(token, form(fields(orderId, { productStatus: '' }))),
      'refund.productStatusRequired',
    );
    await refused(() => ask(token, form(fields(orderId, { reason: '' }))), 'refund.reasonRequired');
    await refused(
      () => ask(token, form(fields(orderId, { explanation: '  ' }))),
      'refund.explanationRequired',
    );
    await refused(
      () => ask(token, form(fields(orderId), Buffer.from('not an image at all'))),
      'refund.proofBadType',
    );
    await refused(() => ask(other.token, form(fields(orderId))), 'storeOrder.notFound');
    // In the shopper's language: the spec's own words for a second request, in Chinese.
    await asked(token, orderId);
    expectFailure(await ask(token, form(fields(orderId)), randomUUID(), 'zh-CN'), 'refund.alreadyRequested');
    expect(await db().$count(storeRefunds, eq(storeRefunds.orderId, orderId))).toBe(1);
  });

  it('refund only: requested, approved by back office, executed once as its own step, partially refunding the payment', async () => {
    const { token, userId, orderId } = await paidOrder();
    const before = await balance(token);
    const key = randomUUID();
    const refund = expectOk(await ask(token, form(fields(orderId)), key), refundRoutes.create.response);
    expect(refund).toMatchObject({ state: 'requested', review: 'auditing', amount: '30.00' });
    expect(refund.answerBy).not.toBeNull();
    // The same key and request answer the same refund; another body under it is a conflict.
    const again = await ask(token, form(fields(orderId)), key);
    expect(refundRoutes.create.response.parse(again.body.data).id).toBe(refund.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await refused(
      () => ask(token, form(fields(orderId, { amount: '31.00' })), key),
      'common.idempotencyConflict',
    );

    expect((await order(token, orderId)).status).toBe('inAfterSale');
    const terms = expectOk(
      await t.api.get(`/api/store/refunds/terms?orderId=${orderId}`, { token }),
      refundRoutes.terms.response,
    );
    expect(terms).toMatchObject({ refundable: '80.00', openRefundId: refund.id, canRequest: false });

    // Back office only: anonymous 401, a shopper 403.
    await refused(() => approve(undefined, refund.id), 'auth.loginFirst');
    await refused(() => approve(token, refund.id), 'common.forbidden');
    const approved = expectOk(await approve(admin, refund.id), refundRoutes.adminApprove.response);
    expect(approved).toMatchObject({ state: 'approved', review: 'passed' });
    expect(approved.decidedBy).toMatch(/.+/);
    expect((await order(token, orderId)).status).toBe('drawBacking');
    expect(await balance(token)).toBe(before);

    // Execution is the next step; the job retried twice still credits once.
    expect(await runRefundStep(deps, refund.id)).toBe('refunded');
    expect(await runRefundStep(deps, refund.id)).toBeNull();
    expect(await runRefundStep(deps, refund.id)).toBeNull();
    expect(await refundEntries(userId)).toBe(1);
    expect(await balance(token)).toBe('1950.00');
    const done = await order(token, orderId);
    expect(done).toMatchObject({ status: 'refunded', payment: 'partiallyRefunded', afterSale: 'refunded' });

    const mine = expectOk(
      await t.api.get(`/api/store/refund?id=${refund.id}`, { token }),
      refundRoutes.one.response,
    );
    expect(mine.timeline.map((e) => [e.step, e.actor])).toEqual([
      ['requested', 'shopper'],
      ['approved', 'admin'],
      ['refunded', 'system'],
    ]);
    const inbox = await db().select().from(messages).where(eq(messages.userId, userId));
    expect(
      inbox
        .filter((m) => m.kind === 'refundUpdate')
        .map((m) => m.params.step)
        .sort(),
    ).toEqual(['approved', 'refunded', 'requested']);
    // The rest may be asked for after: 50.00 is what remains.
    await refused(() => ask(token, form(fields(orderId, { amount: '50.01' }))), 'refund.overRefundable', {
      refundable: '50.00',
    });
    expect(await auditLedger(db())).toMatchObject({ driftedAccounts: [], unbalancedEntries: [] });
  });

  it('a refusal sends the order back with its reason, and the shopper may ask again', async () => {
    const { token, orderId } = await paidOrder();
    const refund = await asked(token, orderId);
    await refused(
      () => t.api.post('/api/admin/refunds/refuse', { id: refund.id }, { token: admin, lang: 'en' }),
      'refund.refusalReasonRequired',
    );
    const no = expectOk(
      await t.api.post(
        '/api/admin/refunds/refuse',
        { id: refund.id, reason: 'noEvidence', note: 'Tracking shows it moving.' },
        { token: admin, lang: 'en' },
      ),
      refundRoutes.adminRefuse.response,
    );
    expect(no).toMatchObject({ state: 'refused', review: 'refused', refusalReason: 'noEvidence' });
    expect((await order(token, orderId)).status).toBe('waitingDeliver');
    await refused(() => approve(admin, refund.id), 'refund.alreadyDecided');
    const tabs = async (tab: string) =>
      expectOk(
        await t.api.get(`/api/store/refunds?tab=${tab}`, { token }),
        refundRoutes.mine.response,
      ).items.map((r) => r.id);
    expect(await tabs('refused')).toEqual([refund.id]);
    const second = await asked(token, orderId);
    expect(await tabs('auditing')).toEqual([second.id]);
    expect(await tabs('all')).toEqual([second.id, refund.id]);
    expect(await tabs('passed')).toEqual([]);
  });

  it('two approvals at once: one wins, the other is told it was answered', async () => {
    const { token, orderId } = await paidOrder();
    const refund = await asked(token, orderId);
    const [a, b] = await Promise.all([approve(admin, refund.id), approve(admin, refund.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expectFailure([a, b].find((r) => r.status === 409)!, 'refund.alreadyDecided', 'en');
  });

  it('twenty requests at once on one order: one opens', async () => {
    const { token, orderId } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(token, form(fields(orderId)))));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers.filter((r) => r.status !== 200))
      expectFailure(r, 'refund.alreadyRequested', 'en');
    expect(await db().$count(storeRefunds, eq(storeRefunds.orderId, orderId))).toBe(1);
  });

  it('no answer in time approves it, by the job or by the sweep, then executes', async () => {
    const { token, userId, orderId } = await paidOrder();
    const refund = await asked(token, orderId);
    const job = await deps.queue.getJob(storeRefundJobId('requested', refund.id));
    expect(job?.data).toEqual({ refundId: refund.id });
    expect(await runRefundStep(deps, refund.id)).toBeNull();
    const later = new Date(Date.now() + ANSWER_MS + 1000);
    // The sweep approves it; its next pass (or the job the approval queued) executes it.
    expect(await runDueRefundSteps(deps, later)).toBeGreaterThanOrEqual(1);
    const [approved] = await db().select().from(storeRefunds).where(eq(storeRefunds.id, refund.id));
    expect(approved).toMatchObject({ state: 'approved', decidedBy: null });
    expect(await deps.queue.getJob(storeRefundJobId('approved', refund.id))).toBeDefined();
    expect(await runDueRefundSteps(deps, later)).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(storeRefunds).where(eq(storeRefunds.id, refund.id));
    expect(row).toMatchObject({ state: 'refunded', decidedBy: null });
    expect(await refundEntries(userId)).toBe(1);
    const view = expectOk(
      await t.api.get(`/api/store/refund?id=${refund.id}`, { token }),
      refundRoutes.one.response,
    );
    expect(view.timeline.map((e) => [e.step, e.actor])).toEqual([
      ['requested', 'shopper'],
      ['approved', 'system'],
      ['refunded', 'system'],
    ]);
  });

  it('return and refund: the goods travel back, then the refund executes after the delivered return’s window, in full', async () => {
    const { token, userId, orderId } = await paidOrder(1);
    const refund = await asked(token, orderId, {
      type: 'returnAndRefund',
      productStatus: 'received',
      amount: '40.00',
      reason: 'damaged',
    });
    const ship = (body: unknown) => t.api.post('/api/store/refunds/return', body, { token, lang: 'en' });
    const trackingNo = `RR${String(Date.now()).slice(-10)}CN`;
    await refused(() => ship({ id: refund.id, carrier: 'EMS', trackingNo }), 'refund.cannotShipReturn');
    await approve(admin, refund.id);
    // Approval does not execute a return: it waits for the goods.
    expect(await runRefundStep(deps, refund.id, new Date(Date.now() + 10 * ANSWER_MS))).toBeNull();
    await refused(() => ship({ id: refund.id, carrier: 'EMS', trackingNo: 'nope' }), 'store.badTrackingNo');
    await refused(() => ship({ id: refund.id, carrier: '', trackingNo }), 'refund.carrierRequired');
    const returning = expectOk(
      await ship({ id: refund.id, carrier: 'EMS', trackingNo }),
      refundRoutes.shipReturn.response,
    );
    expect(returning).toMatchObject({
      state: 'returning',
      returnTrackingNo: trackingNo,
      returnCarrier: 'EMS',
    });
    expect((await order(token, orderId)).status).toBe('drawBacking');

    // The carrier carries it back; its delivery arms the refund's window.
    const logistics = {
      db: db(),
      carrier,
      queue: deps.logistics.queue,
      messages: deps.messages,
      shipments: redisShipmentPublisher(t.redis, t.redisPrefix),
      onDelivered: returnDeliveredHook(deps),
      now: () => new Date(Date.now() + 30 * 86_400_000),
    };
    const [row] = await db().select().from(storeRefunds).where(eq(storeRefunds.id, refund.id));
    expect(await advanceShipment(logistics, row!.returnShipmentId!)).toEqual({ kind: 'delivered' });
    const [delivered] = await db().select().from(storeRefunds).where(eq(storeRefunds.id, refund.id));
    expect(delivered!.returnDeliveredAt).not.toBeNull();
    expect(await runRefundStep(deps, refund.id, delivered!.returnDeliveredAt!)).toBeNull();
    const due = new Date(delivered!.returnDeliveredAt!.getTime() + RETURN_CONFIRM_MS);
    expect(await runRefundStep(deps, refund.id, due)).toBe('refunded');
    expect(await refundEntries(userId)).toBe(1);
    expect(await order(token, orderId)).toMatchObject({ status: 'refunded', payment: 'refunded' });
    const view = expectOk(
      await t.api.get(`/api/store/refund?id=${refund.id}`, { token }),
      refundRoutes.one.response,
    );
    expect(view.timeline.map((e) => e.step)).toEqual([
      'requested',
      'approved',
      'returnShipped',
      'returnDelivered',
      'refunded',
    ]);
    // Fully refunded: nothing more may be asked.
    await refused(() => ask(token, form(fields(orderId))), 'refund.notRefundable');
  });

  it('back office confirms a return arrived: the refund executes at once, once', async () => {
    const { token, userId, orderId } = await paidOrder(1);
    const refund = await asked(token, orderId, {
      type: 'returnAndRefund',
      productStatus: 'received',
      amount: '40.00',
    });
    const confirm = () =>
      t.api.post('/api/admin/refunds/confirm-return', { id: refund.id }, { token: admin, lang: 'en' });
    await refused(confirm, 'refund.cannotConfirmReturn');
    await approve(admin, refund.id);
    expectOk(
      await t.api.post(
        '/api/store/refunds/return',
        { id: refund.id, carrier: 'DHL', trackingNo: `DH${String(Date.now()).slice(-10)}DE` },
        { token, lang: 'en' },
      ),
      refundRoutes.shipReturn.response,
    );
    const [a, b] = await Promise.all([confirm(), confirm()]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await refundEntries(userId)).toBe(1);
    const [row] = await db().select().from(storeOrders).where(eq(storeOrders.id, orderId));
    expect(row).toMatchObject({ payment: 'refunded', afterSale: 'refunded', closure: 'cancelled' });
    const desk = expectOk(
      await t.api.get('/api/admin/refunds?state=refunded', { token: admin }),
      refundRoutes.adminList.response,
    );
    expect(desk.items.find((r) => r.id === refund.id)).toMatchObject({ orderTotal: '40.00' });
    const proof = await t.api.request('GET', `/api/admin/refunds/${refund.id}/proof`, { token: admin });
    expect(proof.status).toBe(200);
    expect((await t.api.request('GET', `/api/admin/refunds/${refund.id}/proof`, { token })).status).toBe(403);
  });
});
