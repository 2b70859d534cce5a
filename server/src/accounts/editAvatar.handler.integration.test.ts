import { randomUUID } from 'node:crypto';
import { PNG } from '@bourse/core/testing/images.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { malformedMultipart } from '../testing/malformedMultipart.ts';
import { withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const MAX = userRoutes.editAvatar.upload?.maxBytes ?? 0;

describe.each(DB_KINDS)('POST /api/user/editAvatar on %s', (kind) => {
  const t = useTestServer(kind);

  const upload = (token: string | undefined, bytes: Buffer, type: string, lang?: string) =>
    t.api.upload('/api/user/editAvatar', 'file', new Blob([bytes], { type }), 'avatar', { token, lang });
  const refusedUpload = (token: string | undefined, bytes: Buffer, type: string, lang?: string) =>
    withoutWrites(t.database.db, () => upload(token, bytes, type, lang));

  it('stores a PNG, serves it back and shows it in the user info', async () => {
    const { token } = await t.api.signUp();
    const { avatarUrl } = expectOk(await upload(token, PNG, 'image/png'), userRoutes.editAvatar.response);
    expect(avatarUrl).toMatch(/^\/api\/user\/avatar\/[0-9a-f-]{36}$/);

    const image = await fetch(`${t.baseUrl}${avatarUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

    const info = expectOk(await t.api.get('/api/user/info', { token }), userRoutes.info.response);
    expect(info.avatarUrl).toBe(avatarUrl);
  });

  it('types the image by its bytes and replaces the previous one under a new URL', async () => {
    const { token } = await t.api.signUp();
    const first = expectOk(await upload(token, PNG, 'image/png'), userRoutes.editAvatar.response);
    // Declared as PNG, but the bytes are a JPEG: the bytes win. The row is replaced, not added.
    const second = expectOk(
      await withoutWrites(t.database.db, () => upload(token, JPEG, 'image/png')),
      userRoutes.editAvatar.response,
    );
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect((await fetch(`${t.baseUrl}${second.avatarUrl}`)).headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(`${t.baseUrl}${first.avatarUrl}`)).status).toBe(404);
  });

  it.each([
    ['text declared as PNG', Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif'],
  ])('refuses %s', async (_, bytes, type) => {
    const { token } = await t.api.signUp();
    expectFailure(await refusedUpload(token, bytes, type, 'fr'), 'avatar.badType', 'fr');
  });

  it.each(malformedMultipart('file'))('refuses %s with 400, storing nothing', async (_, body, type) => {
    const { token } = await t.api.signUp();
    const res = await withoutWrites(t.database.db, () =>
      t.api.postRaw('/api/user/editAvatar', body, type, { token, lang: 'th' }),
    );
    expectFailure(res, 'common.badMultipart', 'th');
  });

  it('refuses an image over 2 MB', async () => {
    const { token } = await t.api.signUp();
    const big = Buffer.concat([PNG, Buffer.alloc(MAX, 0)]);
    expectFailure(await refusedUpload(token, big, 'image/png', 'ja'), 'avatar.tooLarge', 'ja');
  });

  it('accepts an image of exactly 2 MB', async () => {
    const { token } = await t.api.signUp();
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX - PNG.length, 0)]);
    expectOk(await upload(token, exact, 'image/png'), userRoutes.editAvatar.response);
  });

  it('refuses a request without the file field', async () => {
    const { token } = await t.api.signUp();
    const res = await t.api.upload('/api/user/editAvatar', 'picture', new Blob([PNG]), 'a.png', { token });
    expectFailure(res, 'avatar.missing');
    expectFailure(await t.api.post('/api/user/editAvatar', {}, { token }), 'avatar.missing');
  });

  it('needs a session before reading the upload', async () => {
    expectFailure(await refusedUpload(undefined, PNG, 'image/png'), 'auth.loginFirst');
  });

  it('answers 404 envelopes for unknown avatars', async () => {
    expectFailure(await t.api.get(`/api/user/avatar/${randomUUID()}`), 'common.notFound');
    expectFailure(await t.api.get('/api/user/avatar/not-a-uuid'), 'common.notFound');
  });
});
