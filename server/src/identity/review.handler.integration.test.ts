import { randomUUID } from 'node:crypto';
import { messages } from '@bourse/core/db/schema.ts';
import { requireVerifiedUser } from '@bourse/core/identity/index.ts';
import { sampleResidentId } from '@bourse/core/identity/testing.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { identityRoutes, userRoutes } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { withoutWrites } from '../testing/rows.ts';
import { signUpAdmin, useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('back office review of real-name verification on %s', (kind) => {
  const t = useTestServer(kind, { config: { realNameAutoApprove: false } });
  let admin: string;

  beforeAll(async () => {
    const signedUp = await signUpAdmin(t);
    admin = signedUp.token;
  });

  /** A user with a pending request, optionally with a photo. */
  async function applicant(photo?: Buffer) {
    const signedUp = await t.api.signUp();
    const body = new FormData();
    body.append('realName', '李雷');
    body.append('idNumber', sampleResidentId());
    if (photo) body.append('photo', new Blob([photo]), 'id.png');
    const res = await t.api.request('POST', '/api/user/realName', { token: signedUp.token, body });
    expectOk(res, identityRoutes.submitRealName.response);
    const queue = expectOk(
      await t.api.get('/api/admin/realName?pageSize=100', { token: admin }),
      identityRoutes.reviewQueue.response,
    );
    const item = queue.items.find((i) => i.userId === signedUp.user.id);
    if (!item) throw new Error('the request is not in the queue');
    return { ...signedUp, request: item };
  }

  const review = (body: unknown, token = admin, lang?: string) =>
    t.api.post('/api/admin/realName/review', body, { token, lang });

  const noticesOf = (userId: string) =>
    t.database.db.select().from(messages).where(eq(messages.userId, userId));

  it('lists pending requests oldest first, with the full number and the account', async () => {
    const first = await applicant(PNG);
    const second = await applicant();
    const queue = expectOk(
      await t.api.get('/api/admin/realName?status=pending', { token: admin }),
      identityRoutes.reviewQueue.response,
    );
    const ids = queue.items.map((i) => i.id);
    expect(ids.indexOf(first.request.id)).toBeLessThan(ids.indexOf(second.request.id));
    expect(first.request).toMatchObject({
      account: first.credentials.account,
      realName: '李雷',
      status: 'pending',
      hasPhoto: true,
      reviewedAt: null,
    });
    expect(first.request.idNumber).toMatch(/^\d{17}[\dX]$/);
    expect(second.request.hasPhoto).toBe(false);
  });

  it('shows the photo of a request', async () => {
    const { request } = await applicant(PNG);
    const photo = expectOk(
      await t.api.get(`/api/admin/realName/photo?id=${request.id}`, { token: admin }),
      identityRoutes.reviewPhoto.response,
    );
    expect(photo).toEqual({ mimeType: 'image/png', base64: PNG.toString('base64') });
  });

  it('answers 404 for the photo of a request without one, or of no request', async () => {
    const { request } = await applicant();
    expectFailure(
      await t.api.get(`/api/admin/realName/photo?id=${request.id}`, { token: admin }),
      'identity.requestNotFound',
    );
    expectFailure(
      await t.api.get('/api/admin/realName/photo?id=not-a-uuid', { token: admin, lang: 'ja' }),
      'identity.requestNotFound',
      'ja',
    );
  });

  it('passes a request: the user is verified and told', async () => {
    const { token, user, request } = await applicant();
    const item = expectOk(await review({ id: request.id, decision: 'pass' }), identityRoutes.review.response);
    expect(item).toMatchObject({ id: request.id, status: 'passed', refusalReason: null });
    expect(item.reviewedAt).not.toBeNull();
    await requireVerifiedUser(t.database.db, user.id);
    const detail = expectOk(
      await t.api.get('/api/user/authenticationDetail', { token }),
      userRoutes.authenticationDetail.response,
    );
    expect(detail).toMatchObject({ status: 'passed', reviewedAt: item.reviewedAt });
    expect((await noticesOf(user.id)).map((m) => m.params)).toEqual([{ status: 'passed' }]);
  });

  it('refuses a request with a reason; the user is told why and may send a new one', async () => {
    const { token, user, request } = await applicant();
    const item = expectOk(
      await review({ id: request.id, decision: 'refuse', reason: 'photoUnclear' }),
      identityRoutes.review.response,
    );
    expect(item).toMatchObject({ status: 'refused', refusalReason: 'photoUnclear' });
    expect((await noticesOf(user.id)).map((m) => m.params)).toEqual([
      { status: 'refused', reason: 'photoUnclear' },
    ]);
    await expect(requireVerifiedUser(t.database.db, user.id)).rejects.toMatchObject({
      key: 'identity.notVerified',
    });
    const again = expectOk(
      await t.api.post('/api/user/realName', { realName: '李雷', idNumber: request.idNumber }, { token }),
      identityRoutes.submitRealName.response,
    );
    expect(again).toMatchObject({ status: 'pending', refusalReason: null });
  });

  it.each([
    ['a refusal without a reason', { decision: 'refuse' }, 'identity.refusalReasonRequired'],
    [
      'a reason that is not one of the list',
      { decision: 'refuse', reason: 'ugly' },
      'identity.refusalReasonRequired',
    ],
    ['an unknown decision', { decision: 'maybe' }, 'common.validation'],
  ] as const)('refuses %s and changes nothing', async (_, decision, key) => {
    const { user, request } = await applicant();
    const res = await withoutWrites(t.database.db, () =>
      review({ id: request.id, ...decision }, admin, 'it'),
    );
    expectFailure(res, key, 'it');
    await expect(requireVerifiedUser(t.database.db, user.id)).rejects.toMatchObject({
      key: 'identity.notVerified',
    });
  });

  it('decides a request only once', async () => {
    const { request } = await applicant();
    expectOk(await review({ id: request.id, decision: 'pass' }), identityRoutes.review.response);
    const res = await withoutWrites(t.database.db, () =>
      review({ id: request.id, decision: 'refuse', reason: 'other' }, admin, 'ko'),
    );
    expectFailure(res, 'identity.notPending', 'ko');
  });

  it('answers 404 for an unknown request', async () => {
    expectFailure(await review({ id: randomUUID(), decision: 'pass' }), 'identity.requestNotFound');
    expectFailure(await review({ id: 'x', decision: 'pass' }), 'identity.requestNotFound');
  });

  describe('refuses ordinary users and visitors on every admin route', () => {
    const routes = [
      ['GET', '/api/admin/realName'],
      ['GET', `/api/admin/realName/photo?id=${randomUUID()}`],
      ['POST', '/api/admin/realName/review'],
    ] as const;

    it.each(routes)('%s %s: 403 for a user, changing nothing', async (method, path) => {
      const { request } = await applicant(PNG);
      const { token } = await t.api.signUp();
      const res = await withoutWrites(t.database.db, () =>
        method === 'GET'
          ? t.api.get(path, { token, lang: 'fr' })
          : t.api.post(path, { id: request.id, decision: 'pass' }, { token, lang: 'fr' }),
      );
      expectFailure(res, 'common.forbidden', 'fr');
    });

    it.each(routes)('%s %s: 401 without a session', async (method, path) => {
      const res = method === 'GET' ? await t.api.get(path) : await t.api.post(path, {});
      expectFailure(res, 'auth.loginFirst');
    });
  });
});
