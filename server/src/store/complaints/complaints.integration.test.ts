import { storeComplaints } from '@bourse/core/store/complaints/schema.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { CERTIFICATE_MAX_BYTES, complaintRoutes, type ErrorKey } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../../testing/expectations.ts';
import { malformedMultipart } from '../../testing/malformedMultipart.ts';
import { signUpAdmin, useTestServer } from '../../testing/testServer.ts';

const PATH = '/api/store/complaints';

/** The fields as multipart, with a certificate when given (its declared type is what a client claims). */
function form(fields: Record<string, string>, certificate?: { bytes: Buffer; type: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (certificate)
    body.append('certificate', new Blob([certificate.bytes], { type: certificate.type }), 'proof');
  return body;
}

describe.each(DB_KINDS)('store complaints on %s', (kind) => {
  const t = useTestServer(kind);
  let admin: string;

  beforeAll(async () => {
    const signedUp = await signUpAdmin(t);
    admin = signedUp.token;
  });

  const submit = (token: string | undefined, body: FormData) =>
    t.api.request('POST', PATH, { token, lang: 'en', body });
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey) =>
    expectRefused(t.database.db, send, key);
  const png = { bytes: PNG, type: 'image/png' };

  it('files an order complaint and a platform complaint, each listed to its author alone and to back office', async () => {
    const alice = await t.api.signUp();
    const bob = await t.api.signUp();
    const order = expectOk(
      await submit(
        alice.token,
        form({ kind: 'order', orderId: 'order-42', content: '  Arrived broken.  ' }, png),
      ),
      complaintRoutes.submit.response,
    );
    expect(order).toMatchObject({
      kind: 'order',
      orderId: 'order-42',
      content: 'Arrived broken.',
      status: 'open',
    });
    const platform = expectOk(
      await submit(
        alice.token,
        form({ kind: 'platform', orderId: 'ignored', content: 'Search is slow.' }, png),
      ),
      complaintRoutes.submit.response,
    );
    expect(platform.orderId).toBeNull();
    const [row] = await t.database.db.select().from(storeComplaints).where(eq(storeComplaints.id, order.id));
    expect({ type: row?.certificateType, bytes: row?.certificate }).toEqual({
      type: 'image/png',
      bytes: PNG,
    });

    const mine = expectOk(
      await t.api.get(`${PATH}?pageSize=10`, { token: alice.token }),
      complaintRoutes.mine.response,
    );
    expect(mine.items.map((c) => c.id)).toEqual([platform.id, order.id]);
    const theirs = expectOk(await t.api.get(PATH, { token: bob.token }), complaintRoutes.mine.response);
    expect(theirs.total).toBe(0);

    const desk = expectOk(
      await t.api.get('/api/admin/complaints', { token: admin }),
      complaintRoutes.adminList.response,
    );
    expect(desk.items.find((c) => c.id === order.id)).toMatchObject({
      account: alice.credentials.account,
      certificateType: 'image/png',
      certificateBytes: PNG.length,
    });
  });

  it('refuses bad input with a clear 4xx, writing nothing', async () => {
    const { token } = await t.api.signUp();
    await refused(
      () => submit(token, form({ kind: 'order', orderId: 'o-1', content: '   ' }, png)),
      'store.complaintContentRequired',
    );
    await refused(
      () => submit(token, form({ kind: 'order', orderId: 'o-1' }, png)),
      'store.complaintContentRequired',
    );
    await refused(
      () => submit(token, form({ kind: 'order', orderId: 'o-1', content: 'x'.repeat(1001) }, png)),
      'store.complaintContentTooLong',
    );
    await refused(
      () => submit(token, form({ kind: 'order', content: 'Late.' }, png)),
      'store.complaintOrderRequired',
    );
    await refused(() => submit(token, form({ kind: 'shop', content: 'Late.' }, png)), 'store.complaintKind');
    await refused(
      () => submit(token, form({ kind: 'platform', content: 'No proof.' })),
      'store.certificateRequired',
    );
    // Typed by its leading bytes: a text file called PNG is refused.
    await refused(
      () =>
        submit(
          token,
          form(
            { kind: 'platform', content: 'Fake.' },
            { bytes: Buffer.from('not a picture'), type: 'image/png' },
          ),
        ),
      'store.certificateBadType',
    );
    await refused(
      () =>
        submit(
          token,
          form(
            { kind: 'platform', content: 'Huge.' },
            { bytes: Buffer.concat([PNG, Buffer.alloc(CERTIFICATE_MAX_BYTES)]), type: 'image/png' },
          ),
        ),
      'store.certificateTooLarge',
    );
    for (const [, body, contentType] of malformedMultipart('certificate')) {
      await refused(
        () => t.api.request('POST', PATH, { token, lang: 'en', body, contentType }),
        'common.badMultipart',
      );
    }
    await refused(
      () =>
        t.api.request('POST', PATH, { token, lang: 'en', body: 'kind=platform', contentType: 'text/plain' }),
      'common.unsupportedMediaType',
    );
    await refused(
      () => submit(undefined, form({ kind: 'platform', content: 'Anon.' }, png)),
      'auth.loginFirst',
    );
    expectFailure(await t.api.get(`${PATH}?page=0`, { token, lang: 'en' }), 'common.validation', 'en');
  });

  it('shows the desk list to admins only', async () => {
    expectFailure(await t.api.get('/api/admin/complaints', { lang: 'en' }), 'auth.loginFirst', 'en');
    const { token } = await t.api.signUp();
    expectFailure(await t.api.get('/api/admin/complaints', { token, lang: 'en' }), 'common.forbidden', 'en');
  });
});
