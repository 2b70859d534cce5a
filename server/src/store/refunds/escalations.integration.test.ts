import { randomUUID } from 'node:crypto';
import { auditLedger, HEALTHY_LEDGER } from '@bourse/core/ledger/audit.ts';
import { journalEntries } from '@bourse/core/ledger/schema.ts';
import { messages } from '@bourse/core/messages/schema.ts';
import { completeOrder, markDelivered, markShipped } from '@bourse/core/store';
import { storeOrders } from '@bourse/core/store/orderSchema.ts';
import { confirmReceipt } from '@bourse/core/store/orders.ts';
import { payOut } from '@bourse/core/store/payouts';
import { storeRefunds } from '@bourse/core/store/refunds/schema.ts';
import { storeShops } from '@bourse/core/store/schema.ts';
import { insertKiteShop } from '@bourse/core/store/testing.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { Dec, type ErrorKey, fundRecordRoutes, refundRoutes, shoppingRoutes } from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../../testing/expectations.ts';
import { paidStoreOrder } from '../../testing/storeShopper.ts';
import { signUpAdmin, useTestServer } from '../../testing/testServer.ts';

describe.each(DB_KINDS)('escalated refunds on %s', (kind) => {
  const t = useTestServer(kind, {
    config: { storeStartingBalance: '2000.00', storeRefundAnswerMs: 60_000, storeAutoShipMs: 3_600_000 },
  });
  const db = () => t.database.db;
  let admin: string;
  let shopId: number;
  let specId: number;
  let seller: { token: string; userId: string };

  beforeAll(async () => {
    admin = (await signUpAdmin(t)).token;
    const shop = await insertKiteShop(db(), [{ label: 'Red', price: '40.00', stock: 500 }]);
    shopId = shop.shopId;
    specId = shop.specIds[0]!;
    const owner = await t.api.signUp();
    seller = { token: owner.token, userId: owner.user.id };
    await db().update(storeShops).set({ ownerUserId: seller.userId }).where(eq(storeShops.id, shopId));
  });

  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey) => expectRefused(db(), send, key);
  const balance = async (token: string) =>
    expectOk(await t.api.get('/api/store/wallet', { token }), shoppingRoutes.wallet.response).balance;
  const escalate = (token: string | undefined, body: Record<string, unknown>) =>
    t.api.post('/api/store/refunds/escalate', body, { token, lang: 'en' });
  const approve = (token: string | undefined, id: unknown) =>
    t.api.post('/api/admin/refunds/escalation/approve', { id }, { token, lang: 'en' });
  const uphold = (token: string | undefined, body: Record<string, unknown>) =>
    t.api.post('/api/admin/refunds/escalation/uphold', body, { token, lang: 'en' });
  const refundUpdates = async (userId: string) =>
    (
      await db()
        .select()
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.kind, 'refundUpdate')))
    ).map((m) => m.params.step);
  const refundEntries = (userId: string) =>
    db().$count(
      journalEntries,
      and(eq(journalEntries.userId, userId), eq(journalEntries.kind, 'storeRefund')),
    );

  /** A shopper with one paid order of two kites at 40.00, and a refund of 30.00 on it the shop refused. */
  async function refusedRefund(kite = specId) {
    const { token, userId, orderId } = await paidStoreOrder(t, kite, 2);
    const body = new FormData();
    const fields = {
      orderId,
      type: 'refundOnly',
      productStatus: 'received',
      amount: '30.00',
      reason: 'damaged',
      explanation: 'The kite arrived torn.',
    };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('proof', new Blob([PNG], { type: 'image/png' }), 'proof.png');
    const refund = expectOk(
      await t.api.request('POST', '/api/store/refunds', {
        token,
        body,
        headers: { 'Idempotency-Key': randomUUID() },
      }),
      refundRoutes.create.response,
    );
    expectOk(
      await t.api.post('/api/admin/refunds/refuse', { id: refund.id, reason: 'usedGoods' }, { token: admin }),
      refundRoutes.adminRefuse.response,
    );
    return { token, userId, orderId, refundId: refund.id };
  }

  /** Shipped, delivered, received, completed, and paid out to the seller at 5 % commission. */
  async function paidOut(userId: string, orderId: string) {
    await markShipped(db(), orderId);
    await markDelivered(db(), orderId);
    await confirmReceipt(db(), userId, orderId, 0);
    await completeOrder(db(), orderId);
    return payOut({ db: db(), commissionRate: '0.05' }, orderId);
  }

  it('escalate → approve before payout: the refund executes from escrow, once, and the shopper is told', async () => {
    const { token, userId, refundId } = await refusedRefund();
    const before = await balance(token);
    const escalated = expectOk(
      await escalate(token, { id: refundId, reason: '  The photos show the tear.  ' }),
      refundRoutes.escalate.response,
    );
    expect(escalated).toMatchObject({
      state: 'refused',
      escalation: { state: 'open', reason: 'The photos show the tear.', decidedAt: null },
    });
    const desk = expectOk(
      await t.api.get('/api/admin/refunds/escalated?pageSize=100', { token: admin }),
      refundRoutes.adminEscalated.response,
    );
    expect(desk.items.map((r) => r.id)).toContain(refundId);

    const approved = expectOk(await approve(admin, refundId), refundRoutes.adminApproveEscalation.response);
    expect(approved).toMatchObject({
      state: 'refunded',
      source: 'escrow',
      escalation: { state: 'approved' },
      escalationDecidedBy: expect.any(String),
      sellerShortfall: null,
    });
    expect(approved.timeline.map((e) => e.step)).toEqual([
      'requested',
      'refused',
      'escalated',
      'escalationApproved',
      'refunded',
    ]);
    expect(await balance(token)).toBe((Number(before) + 30).toFixed(2));
    expect(await refundEntries(userId)).toBe(1);
    expect(await refundUpdates(userId)).toEqual(['requested', 'refused', 'escalated', 'escalationApproved']);
    expect(await auditLedger(db())).toEqual(HEALTHY_LEDGER);
  });

  it('escalate → approve after payout: the seller gives back their part, the platform its commission share', async () => {
    const { token, userId, orderId, refundId } = await refusedRefund();
    expect(await paidOut(userId, orderId)).toMatchObject({
      gross: '80.00',
      commission: '4.00',
      net: '76.00',
    });
    const sellerBefore = await balance(seller.token);
    const shopperBefore = await balance(token);
    expectOk(
      await escalate(token, { id: refundId, reason: 'Torn on arrival.' }),
      refundRoutes.escalate.response,
    );
    const approved = expectOk(await approve(admin, refundId), refundRoutes.adminApproveEscalation.response);
    expect(approved).toMatchObject({ state: 'refunded', source: 'seller', sellerShortfall: null });
    // 30.00 back: the seller gives 28.50, the platform its 5 % commission on it, 1.50.
    expect(await balance(token)).toBe((Number(shopperBefore) + 30).toFixed(2));
    expect(await balance(seller.token)).toBe((Number(sellerBefore) - 28.5).toFixed(2));
    const [order] = await db().select().from(storeOrders).where(eq(storeOrders.id, orderId));
    expect(order).toMatchObject({
      payment: 'partiallyRefunded',
      afterSale: 'refunded',
      closure: 'completed',
    });
    expect(await refundEntries(userId)).toBe(1);
    expect(await auditLedger(db())).toEqual(HEALTHY_LEDGER);
  });

  it("advances what the seller's balance cannot cover, and keeps it back from the shop's next payout", async () => {
    // A shop of its own, whose owner will have spent all but 16.00 of their balance.
    const shop = await insertKiteShop(db(), [{ label: 'Red', price: '40.00', stock: 50 }]);
    const owner = await t.api.signUp();
    await db().update(storeShops).set({ ownerUserId: owner.user.id }).where(eq(storeShops.id, shop.shopId));
    const kite = shop.specIds[0]!;
    const { token, userId, orderId, refundId } = await refusedRefund(kite);
    expect(await paidOut(userId, orderId)).toMatchObject({ net: '76.00', recovered: '0.00' });
    const spend = new Dec(await balance(owner.token)).minus(16).toFixed(2);
    const big = await insertKiteShop(db(), [{ label: 'Gold', price: spend, stock: 1 }]);
    await paidStoreOrder(t, big.specIds[0]!, 1, owner);
    expect(await balance(owner.token)).toBe('16.00');

    expectOk(await escalate(token, { id: refundId, reason: 'Torn.' }), refundRoutes.escalate.response);
    const approved = expectOk(await approve(admin, refundId), refundRoutes.adminApproveEscalation.response);
    // The seller owed 28.50 of the 30.00 and had 16.00: the platform advanced 12.50.
    expect(approved).toMatchObject({ source: 'seller', sellerShortfall: '12.50' });
    expect(await balance(owner.token)).toBe('0.00');
    expect(await auditLedger(db())).toEqual(HEALTHY_LEDGER);

    // The next sale's payout (40.00, 2.00 commission) keeps the 12.50 back; the one after, nothing.
    const next = await paidStoreOrder(t, kite, 1);
    expect(await paidOut(next.userId, next.orderId)).toMatchObject({
      gross: '40.00',
      commission: '2.00',
      net: '25.50',
      recovered: '12.50',
    });
    expect(await balance(owner.token)).toBe('25.50');
    const after = await paidStoreOrder(t, kite, 1);
    expect(await paidOut(after.userId, after.orderId)).toMatchObject({ net: '38.00', recovered: '0.00' });
    expect(await balance(owner.token)).toBe('63.50');
    expect(await auditLedger(db())).toEqual(HEALTHY_LEDGER);
    // The seller's fund record says why the first of the two was smaller.
    const payouts = expectOk(
      await t.api.get('/api/store/fundRecords?kind=payout&limit=2', { token: owner.token }),
      fundRecordRoutes.list.response,
    );
    expect(payouts.items.map((r) => [r.amount, r.recovered])).toEqual([
      ['38.00', null],
      ['25.50', '12.50'],
    ]);
  });

  it('upholds a refusal with its reason; the refund stays refused and the shopper is told', async () => {
    const { token, userId, refundId } = await refusedRefund();
    expectOk(
      await escalate(token, { id: refundId, reason: 'Please look again.' }),
      refundRoutes.escalate.response,
    );
    const upheld = expectOk(
      await uphold(admin, { id: refundId, note: 'The photos show wear from use.' }),
      refundRoutes.adminUpholdRefusal.response,
    );
    expect(upheld).toMatchObject({
      state: 'refused',
      source: null,
      escalation: { state: 'upheld', note: 'The photos show wear from use.' },
    });
    expect((await refundUpdates(userId)).at(-1)).toBe('escalationUpheld');
    await refused(() => approve(admin, refundId), 'refund.escalationDecided');
    await refused(() => uphold(admin, { id: refundId, note: 'Again.' }), 'refund.escalationDecided');
    expect(await refundEntries(userId)).toBe(0);
  });

  it('escalates once; bad input is a clear 4xx that writes nothing; the desk is for back office only', async () => {
    const { token, refundId } = await refusedRefund();
    const stranger = await t.api.signUp();
    await refused(() => escalate(undefined, { id: refundId, reason: 'x' }), 'auth.loginFirst');
    await refused(() => escalate(token, { id: refundId, reason: '   ' }), 'refund.escalationReasonRequired');
    await refused(() => escalate(token, { id: refundId }), 'refund.escalationReasonRequired');
    await refused(
      () => escalate(token, { id: refundId, reason: 'x'.repeat(501) }),
      'refund.escalationTextTooLong',
    );
    await refused(() => escalate(token, { id: 'nope', reason: 'x' }), 'refund.notFound');
    await refused(() => escalate(stranger.token, { id: refundId, reason: 'x' }), 'refund.notFound');
    // Nothing escalated yet: back office has nothing to rule on.
    await refused(() => approve(admin, refundId), 'refund.cannotEscalate');
    expectOk(await escalate(token, { id: refundId, reason: 'Once.' }), refundRoutes.escalate.response);
    expectFailure(await escalate(token, { id: refundId, reason: 'Twice.' }), 'refund.alreadyEscalated', 'en');
    expect(await db().$count(storeRefunds, eq(storeRefunds.escalationReason, 'Twice.'))).toBe(0);
    await refused(() => uphold(admin, { id: refundId, note: ' ' }), 'refund.upholdNoteRequired');
    await refused(() => uphold(admin, { id: refundId }), 'refund.upholdNoteRequired');
    await refused(() => approve(admin, 'nope'), 'refund.notFound');
    for (const send of [
      (tok?: string) => approve(tok, refundId),
      (tok?: string) => uphold(tok, { id: refundId, note: 'No.' }),
      (tok?: string) => t.api.get('/api/admin/refunds/escalated', { token: tok, lang: 'en' }),
    ]) {
      await refused(() => send(undefined), 'auth.loginFirst');
      await refused(() => send(token), 'common.forbidden');
    }
  });

  it('two racing approvals execute the refund once', async () => {
    const { token, userId, refundId } = await refusedRefund();
    expectOk(await escalate(token, { id: refundId, reason: 'Torn.' }), refundRoutes.escalate.response);
    const answers = await Promise.all([approve(admin, refundId), approve(admin, refundId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expectFailure(answers.find((a) => a.status === 409)!, 'refund.escalationDecided', 'en');
    expect(await refundEntries(userId)).toBe(1);
    expect(await auditLedger(db())).toEqual(HEALTHY_LEDGER);
  });
});
