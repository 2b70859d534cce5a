import { randomUUID } from 'node:crypto';
import { auditLedger } from '@bourse/core/ledger/audit.ts';
import { messages } from '@bourse/core/messages/schema.ts';
import { storeTopUps } from '@bourse/core/store/topUps/schema.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import {
  type ErrorKey,
  EVIDENCE_MAX_BYTES,
  type fundRecordPageSchema,
  fundRecordRoutes,
  shoppingRoutes,
  type TopUpView,
  topUpRoutes,
  USER_EVENTS,
} from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { expectFailure, expectOk, expectRefused } from '../../testing/expectations.ts';
import { signUpAdmin, useTestServer } from '../../testing/testServer.ts';
import { listenOnUser } from '../../testing/userSocket.ts';

const TRC20 = { network: 'TRC20', address: 'TTestDepositAddressTrc20xxxxxxxxxx' };
const ERC20 = { network: 'ERC20', address: '0xTestDepositAddressErc20000000000000000' };
const PATH = '/api/store/topups';
type FundRecordPage = z.infer<typeof fundRecordPageSchema>;

/** The fields as multipart, with an evidence image unless told otherwise. */
function form(fields: Record<string, string>, evidence: Buffer | null = PNG, type = 'image/png'): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (evidence) body.append('evidence', new Blob([evidence], { type }), 'proof');
  return body;
}

const hash = () => randomUUID().replaceAll('-', '');
const chain = (overrides: Record<string, string> = {}) => ({
  method: 'blockchain',
  ...TRC20,
  amount: '100.00',
  txHash: hash(),
  ...overrides,
});

describe.each(DB_KINDS)('storefront top-ups on %s', (kind) => {
  const t = useTestServer(kind, {
    config: {
      storeStartingBalance: '2000.00',
      storeDepositAddresses: [TRC20, ERC20],
    },
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

  const create = (token: string | undefined, body: FormData, key: string | null = randomUUID()) =>
    t.api.request('POST', PATH, {
      token,
      lang: 'en',
      body,
      headers: key === null ? {} : { 'Idempotency-Key': key },
    });
  const created = async (token: string, fields: Record<string, string>) =>
    expectOk(await create(token, form(fields)), topUpRoutes.create.response);
  const pass = (token: string, id: string, arrivalAmount: string, note?: string) =>
    t.api.post('/api/admin/topups/pass', { id, arrivalAmount, note }, { token, lang: 'en' });
  const refuse = (token: string, id: string, reason: string) =>
    t.api.post('/api/admin/topups/refuse', { id, reason }, { token, lang: 'en' });
  const balance = async (token: string) =>
    expectOk(await t.api.get('/api/store/wallet', { token }), shoppingRoutes.wallet.response);
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey) =>
    expectRefused(t.database.db, send, key);

  async function listen(token: string) {
    const { socket, heard } = await listenOnUser(t.baseUrl, token, [USER_EVENTS.topUp]);
    sockets.push(socket);
    return heard.topUp as TopUpView[];
  }

  it('offers the configured networks with their addresses and names those refused', async () => {
    const { token } = await t.api.signUp();
    expect(expectOk(await t.api.get(`${PATH}/networks`, { token }), topUpRoutes.networks.response)).toEqual({
      networks: [TRC20, ERC20],
      unsupported: ['DEX', 'BSC', 'HECO'],
    });
  });

  it('passes a blockchain top-up once, crediting what actually arrived, live and in messages', async () => {
    const { token, user } = await t.api.signUp();
    const heard = await listen(token);
    const topUp = await created(token, chain({ amount: '150.00' }));
    expect(topUp).toMatchObject({
      method: 'blockchain',
      network: 'TRC20',
      address: TRC20.address,
      amount: '150.00',
      state: 'auditing',
      arrivalAmount: null,
    });
    const mine = expectOk(await t.api.get(PATH, { token }), topUpRoutes.mine.response);
    expect(mine.items.map((i) => i.id)).toEqual([topUp.id]);

    const desk = expectOk(
      await t.api.get('/api/admin/topups?state=auditing&pageSize=100', { token: admins[0] }),
      topUpRoutes.adminList.response,
    );
    const listed = desk.items.find((i) => i.id === topUp.id);
    expect(listed).toMatchObject({ account: expect.any(String), auditedBy: null, txHash: topUp.txHash });
    const image = await fetch(`${t.baseUrl}${listed?.evidenceUrl}`, {
      headers: { cookie: `Admin-Token=${encodeURIComponent(admins[0]!)}` },
    });
    expect({ status: image.status, type: image.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'image/png',
    });
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect((await fetch(`${t.baseUrl}${listed?.evidenceUrl}`, { headers: { token } })).status).toBe(403);
    expect((await fetch(`${t.baseUrl}${listed?.evidenceUrl}`)).status).toBe(401);

    const before = await balance(token);
    const passed = expectOk(
      await pass(admins[0]!, topUp.id, '149.50', 'Network fee taken by the sender.'),
      topUpRoutes.adminPass.response,
    );
    expect(passed).toMatchObject({
      state: 'passed',
      amount: '150.00',
      arrivalAmount: '149.50',
      note: 'Network fee taken by the sender.',
      auditedBy: expect.any(String),
    });
    expect(passed.auditedAt).not.toBeNull();
    expect(await balance(token)).toEqual({
      balance: (Number(before.balance) + 149.5).toFixed(2),
      frozen: '0.00',
      currency: 'USD',
    });
    expectFailure(await pass(admins[1]!, topUp.id, '150.00'), 'topUp.alreadyAudited', 'en');
    expectFailure(await refuse(admins[1]!, topUp.id, 'other'), 'topUp.alreadyAudited', 'en');

    const records = expectOk(
      await t.api.get('/api/store/fundRecords?kind=topUp', { token }),
      fundRecordRoutes.list.response,
    );
    expect(records.items).toEqual([
      expect.objectContaining({
        kind: 'topUp',
        amount: '149.50',
        frozen: '0.00',
        balance: (Number(before.balance) + 149.5).toFixed(2),
      }),
    ]);
    const stored = await t.database.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(stored.map((m) => ({ kind: m.kind, params: m.params }))).toContainEqual({
      kind: 'topUpResult',
      params: { method: 'blockchain', status: 'passed', amount: '150.00', arrivalAmount: '149.50' },
    });
    await expect.poll(() => heard.map((e) => e.state)).toEqual(['passed']);
  });

  it('refuses a manual top-up with a reason, crediting nothing', async () => {
    const { token } = await t.api.signUp();
    const before = await balance(token);
    const topUp = await created(token, { method: 'manual', amount: '40' });
    expect(topUp).toMatchObject({ method: 'manual', network: null, txHash: null, amount: '40.00' });
    await refused(() => refuse(admins[0]!, topUp.id, 'because'), 'topUp.reasonRequired');
    const done = expectOk(
      await refuse(admins[0]!, topUp.id, 'notReceived'),
      topUpRoutes.adminRefuse.response,
    );
    expect(done).toMatchObject({ state: 'refuse', reason: 'notReceived', arrivalAmount: null });
    expect(await balance(token)).toEqual(before);
    expectFailure(await pass(admins[0]!, topUp.id, '40.00'), 'topUp.alreadyAudited', 'en');
  });

  it("refuses bad input with the spec's messages, writing nothing", async () => {
    const { token } = await t.api.signUp();
    const send = (fields: Record<string, string>, evidence: Buffer | null = PNG, type = 'image/png') =>
      create(token, form(fields, evidence, type));
    await refused(() => send(chain({ network: '' })), 'topUp.networkRequired');
    for (const network of ['BSC', 'heco', 'DEX'])
      await refused(() => send(chain({ network })), 'topUp.networkUnsupported');
    await refused(() => send(chain({ network: 'SOL' })), 'topUp.unknownNetwork');
    await refused(() => send(chain({ address: '' })), 'topUp.addressRequired');
    await refused(() => send(chain({ address: ERC20.address })), 'topUp.addressChanged');
    for (const amount of ['', '0', '-5', 'abc', '1.234', '1000000.01'])
      await refused(() => send(chain({ amount })), 'topUp.badAmount');
    await refused(() => send({ method: 'manual', amount: '0' }), 'topUp.badAmount');
    await refused(() => send(chain({ txHash: '' })), 'topUp.hashRequired');
    await refused(() => send(chain({ txHash: 'not a hash!' })), 'topUp.badHash');
    await refused(() => send({ method: 'manual', amount: '10' }, null), 'topUp.evidenceRequired');
    await refused(() => send(chain(), null), 'topUp.evidenceRequired');
    await refused(
      () => send({ method: 'manual', amount: '10' }, Buffer.from('not a picture')),
      'topUp.evidenceBadType',
    );
    await refused(
      () => send({ method: 'manual', amount: '10' }, Buffer.concat([PNG, Buffer.alloc(EVIDENCE_MAX_BYTES)])),
      'topUp.evidenceTooLarge',
    );
    await refused(() => send({ method: 'card', amount: '10' }), 'topUp.method');
    await refused(
      () => create(token, form({ method: 'manual', amount: '10' }), null),
      'common.idempotencyKeyInvalid',
    );
    await refused(() => create(undefined, form({ method: 'manual', amount: '10' })), 'auth.loginFirst');
    await refused(() => pass(admins[0]!, randomUUID(), '1.00'), 'topUp.notFound');
    const topUp = await created(token, { method: 'manual', amount: '10' });
    await refused(() => pass(admins[0]!, topUp.id, '0'), 'topUp.badArrival');
    await refused(() => pass(admins[0]!, topUp.id, '5', 'x'.repeat(201)), 'topUp.noteTooLong');
  });

  it('refuses a transaction hash already claimed on the same network, by anyone, in any case', async () => {
    const alice = await t.api.signUp();
    const bob = await t.api.signUp();
    const txHash = `0x${hash()}${hash()}`;
    await created(alice.token, chain({ txHash }));
    await refused(
      () => create(bob.token, form(chain({ txHash: txHash.toUpperCase().replace('0X', '0x') }))),
      'topUp.duplicateHash',
    );
    await refused(() => create(alice.token, form(chain({ txHash }))), 'topUp.duplicateHash');
    // The same hash on another network is another transaction.
    await created(bob.token, chain({ ...ERC20, txHash }));
  });

  it('answers a replayed Idempotency-Key with the first top-up and another body under it with 409', async () => {
    const { token } = await t.api.signUp();
    const key = randomUUID();
    const fields = chain();
    const first = expectOk(await create(token, form(fields), key), topUpRoutes.create.response);
    const again = await create(token, form(fields), key);
    expect(expectOk(again, topUpRoutes.create.response)).toEqual(first);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await refused(
      () => create(token, form({ ...fields, amount: '101.00' }), key),
      'common.idempotencyConflict',
    );
    const rows = await t.database.db.select().from(storeTopUps).where(eq(storeTopUps.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('credits once when two admins pass the same top-up at the same moment', async () => {
    const { token } = await t.api.signUp();
    const before = await balance(token);
    const topUps = await Promise.all(
      Array.from({ length: 5 }, () => created(token, { method: 'manual', amount: '20.00' })),
    );
    for (const topUp of topUps) {
      const answers = await Promise.all([
        pass(admins[0]!, topUp.id, '20.00'),
        pass(admins[1]!, topUp.id, '20.00'),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    }
    expect((await balance(token)).balance).toBe((Number(before.balance) + 100).toFixed(2));
    const records = expectOk(
      await t.api.get('/api/store/fundRecords?kind=topUp', { token }),
      fundRecordRoutes.list.response,
    );
    expect(records.items).toHaveLength(5);
    expect(await auditLedger(t.database.db)).toEqual({
      total: '0.00',
      driftedAccounts: [],
      unbalancedEntries: [],
      negativeAccounts: [],
      escrowGap: '0.00',
      ordersOff: [],
    });
  });

  it('keeps the desk to admins: 401 anonymous, 403 for users', async () => {
    const { token } = await t.api.signUp();
    const id = randomUUID();
    const calls = [
      (tk?: string) => t.api.get('/api/admin/topups', { token: tk, lang: 'en' }),
      (tk?: string) =>
        t.api.post('/api/admin/topups/pass', { id, arrivalAmount: '1.00' }, { token: tk, lang: 'en' }),
      (tk?: string) =>
        t.api.post('/api/admin/topups/refuse', { id, reason: 'other' }, { token: tk, lang: 'en' }),
    ];
    for (const call of calls) {
      await refused(() => call(undefined), 'auth.loginFirst');
      await refused(() => call(token), 'common.forbidden');
    }
  });

  it('pages the fund record newest first, by kind', async () => {
    const { token } = await t.api.signUp();
    for (const amount of ['1.00', '2.00', '3.00']) {
      const topUp = await created(token, { method: 'manual', amount });
      expectOk(await pass(admins[0]!, topUp.id, amount), topUpRoutes.adminPass.response);
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: FundRecordPage = expectOk(
        await t.api.get(`/api/store/fundRecords?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token }),
        fundRecordRoutes.list.response,
      );
      seen.push(...page.items.map((i) => `${i.kind} ${i.amount}`));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['topUp 3.00', 'topUp 2.00', 'topUp 1.00', 'adjustment 2000.00']);
    const none = expectOk(
      await t.api.get('/api/store/fundRecords?kind=withdrawal', { token }),
      fundRecordRoutes.list.response,
    );
    expect(none).toEqual({ items: [], nextCursor: null });
    expectFailure(
      await t.api.get('/api/store/fundRecords?kind=bonus', { token, lang: 'en' }),
      'common.validation',
      'en',
    );
  });
});
