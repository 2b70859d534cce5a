import { messages } from '@bourse/core/messages/schema.ts';
import { storeComplaints } from '@bourse/core/store/complaints/schema.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { CERTIFICATE_MAX_BYTES, complaintRoutes, type ErrorKey } from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
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
  let adminAccount: string;

  beforeAll(async () => {
    const signedUp = await signUpAdmin(t);
    admin = signedUp.token;
    adminAccount = signedUp.credentials.account;
  });

  const submit = (token: string | undefined, body: FormData) =>
    t.api.request('POST', PATH, { token, lang: 'en', body });
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey) =>
    expectRefused(t.database.db, send, key);
  const png = { bytes: PNG, type: 'image/png' };
  const reply = (token: string | undefined, body: Record<string, unknown>) =>
    t.api.post('/api/admin/complaints/reply', body, { token, lang: 'en' });
  const repliesTo = (userId: string) =>
    t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.kind, 'complaintReply')));
  const fileOne = async (token: string, fields: Record<string, string>) =>
    expectOk(await submit(token, form(fields, png)), complaintRoutes.submit.response);

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

  it('back office replies: the author reads it on the complaint and in messages, with who and when recorded', async () => {
    const alice = await t.api.signUp();
    const filed = await fileOne(alice.token, { kind: 'order', orderId: 'S-77', content: 'Late.' });
    const answered = expectOk(
      await reply(admin, { id: filed.id, reply: '  The parcel left today.  ', status: 'answered' }),
      complaintRoutes.adminReply.response,
    );
    expect(answered).toMatchObject({
      id: filed.id,
      status: 'answered',
      reply: 'The parcel left today.',
      repliedBy: adminAccount,
      account: alice.credentials.account,
    });
    expect(answered.repliedAt).not.toBeNull();
    const [mine] = expectOk(
      await t.api.get(PATH, { token: alice.token }),
      complaintRoutes.mine.response,
    ).items;
    expect(mine).toMatchObject({
      status: 'answered',
      reply: 'The parcel left today.',
      repliedAt: answered.repliedAt,
    });
    expect((await repliesTo(alice.user.id)).map((m) => m.params)).toEqual([
      { complaintId: filed.id, about: 'order', orderId: 'S-77', status: 'answered' },
    ]);

    // An answered complaint may be answered again, then closed; closed takes no more.
    const closed = expectOk(
      await reply(admin, { id: filed.id, reply: 'Delivered; closing.', status: 'closed' }),
      complaintRoutes.adminReply.response,
    );
    expect(closed).toMatchObject({ status: 'closed', reply: 'Delivered; closing.' });
    await refused(
      () => reply(admin, { id: filed.id, reply: 'Again.', status: 'answered' }),
      'complaint.closed',
    );
    expect((await repliesTo(alice.user.id)).map((m) => m.params.status)).toEqual(['answered', 'closed']);

    const platform = await fileOne(alice.token, { kind: 'platform', content: 'Dark mode, please.' });
    expectOk(
      await reply(admin, { id: platform.id, reply: 'Noted for a later release.', status: 'closed' }),
      complaintRoutes.adminReply.response,
    );
    expect((await repliesTo(alice.user.id)).map((m) => m.params).at(-1)).toEqual({
      complaintId: platform.id,
      about: 'platform',
      status: 'closed',
    });
  });

  it('refuses a bad reply with a clear 4xx, writing nothing', async () => {
    const { token, user } = await t.api.signUp();
    const filed = await fileOne(token, { kind: 'platform', content: 'Slow.' });
    await refused(
      () => reply(admin, { id: filed.id, reply: '   ', status: 'answered' }),
      'complaint.replyRequired',
    );
    await refused(() => reply(admin, { id: filed.id, status: 'answered' }), 'complaint.replyRequired');
    await refused(
      () => reply(admin, { id: filed.id, reply: 'x'.repeat(1001), status: 'answered' }),
      'complaint.replyTooLong',
    );
    await refused(
      () => reply(admin, { id: filed.id, reply: 'Hi.', status: 'open' }),
      'complaint.statusRequired',
    );
    await refused(() => reply(admin, { id: filed.id, reply: 'Hi.' }), 'complaint.statusRequired');
    await refused(() => reply(admin, { id: 'nope', reply: 'Hi.', status: 'answered' }), 'complaint.notFound');
    await refused(
      () => reply(admin, { id: '00000000-0000-4000-8000-000000000000', reply: 'Hi.', status: 'answered' }),
      'complaint.notFound',
    );
    // Only back office replies.
    await refused(
      () => reply(undefined, { id: filed.id, reply: 'Hi.', status: 'answered' }),
      'auth.loginFirst',
    );
    await refused(() => reply(token, { id: filed.id, reply: 'Hi.', status: 'answered' }), 'common.forbidden');
    expect(await repliesTo(user.id)).toEqual([]);
  });
});
