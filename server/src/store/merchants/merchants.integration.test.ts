import { messages } from '@bourse/core/messages/schema.ts';
import { storeMerchantApplications } from '@bourse/core/store/merchants/schema.ts';
import { storeShops } from '@bourse/core/store/schema.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { type ErrorKey, merchantRoutes } from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectRefused } from '../../testing/expectations.ts';
import { signUpAdmin, useTestServer } from '../../testing/testServer.ts';

const APPLY = '/api/store/merchant/applications';
const FIELDS = { shopName: 'Harbour Tea House', category: 'food', contact: '+44 20 7946 0958' };

function form(fields: Record<string, string>, licence: Buffer | null = PNG, type = 'image/png'): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (licence) body.append('licence', new Blob([licence], { type }), 'licence');
  return body;
}

describe.each(DB_KINDS)('merchant entry on %s', (kind) => {
  const t = useTestServer(kind);
  let admin = '';

  beforeAll(async () => {
    admin = (await signUpAdmin(t)).token;
  });

  const apply = (token: string | undefined, body: FormData) =>
    t.api.request('POST', APPLY, { token, lang: 'en', body });
  const status = async (token: string) =>
    expectOk(await t.api.get('/api/store/merchant', { token }), merchantRoutes.status.response);
  const approve = (token: string | undefined, id: string) =>
    t.api.post('/api/admin/merchants/approve', { id }, { token, lang: 'en' });
  const refuse = (token: string | undefined, id: string, reason: string, note?: string) =>
    t.api.post('/api/admin/merchants/refuse', { id, reason, note }, { token, lang: 'en' });
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey) =>
    expectRefused(t.database.db, send, key);
  const messagesOf = (userId: string) =>
    t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.kind, 'merchantResult')));

  it('approves an application once: the shop is created, owned by the applicant, who is told', async () => {
    const { token, user } = await t.api.signUp();
    expect(await status(token)).toEqual({ application: null, shopId: null });
    const applied = expectOk(await apply(token, form(FIELDS)), merchantRoutes.apply.response);
    expect(applied).toMatchObject({ ...FIELDS, state: 'auditing', shopId: null, decidedAt: null });
    expect(await status(token)).toEqual({ application: applied, shopId: null });

    const desk = expectOk(
      await t.api.get('/api/admin/merchants?state=auditing&pageSize=100', { token: admin }),
      merchantRoutes.adminList.response,
    );
    const listed = desk.items.find((i) => i.id === applied.id);
    expect(listed).toMatchObject({ account: user.account, decidedBy: null });
    const licence = await t.api.request('GET', listed?.licenceUrl ?? '', { token: admin });
    expect(licence.status).toBe(200);

    const approved = expectOk(await approve(admin, applied.id), merchantRoutes.adminApprove.response);
    expect(approved).toMatchObject({ state: 'passed', decidedBy: expect.any(String) });
    expect(approved.shopId).toEqual(expect.any(Number));
    expect(approved.decidedAt).not.toBeNull();
    await refused(() => approve(admin, applied.id), 'merchant.alreadyDecided');
    await refused(() => refuse(admin, applied.id, 'other'), 'merchant.alreadyDecided');

    const [shop] = await t.database.db.select().from(storeShops).where(eq(storeShops.ownerUserId, user.id));
    expect(shop).toMatchObject({ id: approved.shopId, fans: 0, sales: 0 });
    expect(shop?.name.en).toBe(FIELDS.shopName);
    expect(shop?.name['zh-CN']).toBe(FIELDS.shopName);
    const mine = await status(token);
    expect(mine).toMatchObject({ shopId: approved.shopId, application: { state: 'passed' } });
    // The shop shows in the storefront like any other.
    const page = await t.api.get(`/api/store/shop?id=${approved.shopId}`, { lang: 'en' });
    expect(page.status).toBe(200);

    expect((await messagesOf(user.id)).map((m) => m.params)).toEqual([
      { status: 'passed', shopName: FIELDS.shopName, shopId: String(approved.shopId) },
    ]);
    // A seller does not apply again.
    await refused(() => apply(token, form({ ...FIELDS, shopName: 'Second' })), 'merchant.alreadySeller');
  });

  it('refuses with a reason, after which the user may apply again; one open application at a time', async () => {
    const { token, user } = await t.api.signUp();
    const first = expectOk(await apply(token, form(FIELDS)), merchantRoutes.apply.response);
    await refused(() => apply(token, form({ ...FIELDS, shopName: 'Other' })), 'merchant.alreadyApplied');
    await refused(() => refuse(admin, first.id, 'nonsense'), 'merchant.reasonRequired');
    await refused(() => refuse(admin, first.id, 'other', 'x'.repeat(201)), 'merchant.noteTooLong');
    const decided = expectOk(
      await refuse(admin, first.id, 'licenceUnclear', 'Blurred photo'),
      merchantRoutes.adminRefuse.response,
    );
    expect(decided).toMatchObject({
      state: 'refuse',
      reason: 'licenceUnclear',
      note: 'Blurred photo',
      shopId: null,
    });
    expect(await status(token)).toMatchObject({
      shopId: null,
      application: { id: first.id, state: 'refuse' },
    });
    expect((await messagesOf(user.id)).map((m) => m.params)).toEqual([
      { status: 'refused', shopName: FIELDS.shopName, reason: 'licenceUnclear' },
    ]);
    const second = expectOk(await apply(token, form(FIELDS)), merchantRoutes.apply.response);
    expect((await status(token)).application?.id).toBe(second.id);
  });

  it('refuses bad applications with a clear 4xx in the language asked, writing nothing', async () => {
    const { token } = await t.api.signUp();
    await refused(() => apply(token, form({ ...FIELDS, shopName: ' ' })), 'merchant.shopNameRequired');
    await refused(
      () => apply(token, form({ ...FIELDS, shopName: 'x'.repeat(41) })),
      'merchant.shopNameTooLong',
    );
    await refused(() => apply(token, form({ ...FIELDS, category: 'cars' })), 'merchant.categoryRequired');
    await refused(() => apply(token, form({ ...FIELDS, contact: '' })), 'merchant.contactRequired');
    await refused(() => apply(token, form({ ...FIELDS, contact: 'call me' })), 'merchant.badContact');
    await refused(() => apply(token, form(FIELDS, null)), 'merchant.licenceRequired');
    await refused(
      () => apply(token, form(FIELDS, Buffer.from('not an image'), 'text/plain')),
      'merchant.licenceBadType',
    );
    await refused(() => apply(undefined, form(FIELDS)), 'auth.loginFirst');
    const inFrench = await t.api.request('POST', APPLY, {
      token,
      lang: 'fr',
      body: form({ ...FIELDS, contact: 'x' }),
    });
    expect(inFrench.body.msg).toBe('Veuillez saisir un numéro de téléphone ou une adresse e-mail valide.');
    expect(await status(token)).toEqual({ application: null, shopId: null });
    // An e-mail is a contact too.
    const byMail = expectOk(
      await apply(token, form({ ...FIELDS, contact: 'tea@example.com' })),
      merchantRoutes.apply.response,
    );
    expect(byMail.contact).toBe('tea@example.com');
  });

  it('keeps the desk to admins: anonymous 401, a user 403, nothing decided', async () => {
    const { token } = await t.api.signUp();
    const applied = expectOk(await apply(token, form(FIELDS)), merchantRoutes.apply.response);
    await refused(() => t.api.get('/api/admin/merchants', { lang: 'en' }), 'auth.loginFirst');
    await refused(() => t.api.get('/api/admin/merchants', { token, lang: 'en' }), 'common.forbidden');
    await refused(() => approve(undefined, applied.id), 'auth.loginFirst');
    await refused(() => approve(token, applied.id), 'common.forbidden');
    await refused(() => refuse(undefined, applied.id, 'other'), 'auth.loginFirst');
    await refused(() => refuse(token, applied.id, 'other'), 'common.forbidden');
    expect((await t.api.request('GET', `/api/admin/merchants/${applied.id}/licence`)).status).toBe(401);
    expect((await t.api.request('GET', `/api/admin/merchants/${applied.id}/licence`, { token })).status).toBe(
      403,
    );
    const [row] = await t.database.db
      .select({ state: storeMerchantApplications.state })
      .from(storeMerchantApplications)
      .where(eq(storeMerchantApplications.id, applied.id));
    expect(row?.state).toBe('auditing');
  });
});
