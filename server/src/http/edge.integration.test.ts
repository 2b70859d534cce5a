import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { describe, expect, it } from 'vitest';
import { expectFailure } from '../testing/expectations.ts';
import { withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('the HTTP edge on %s', (kind) => {
  const t = useTestServer(kind);

  const unchanged = <T>(send: () => Promise<T>) => withoutWrites(t.database.db, send);

  it('refuses a body that is not JSON (400), in zh-CN by default', async () => {
    const res = await unchanged(() => t.api.postRaw('/api/user/login', '{"query": ', 'application/json'));
    expectFailure(res, 'common.badJson');
    expect(res.body.msg).toBe('请求内容不是有效的 JSON。');
  });

  it('refuses a JSON body that is not an object or array', async () => {
    expectFailure(
      await t.api.postRaw('/api/user/register', '"query"', 'application/json', { lang: 'en' }),
      'common.badJson',
      'en',
    );
  });

  it('refuses a body over 100 kB (413)', async () => {
    const body = JSON.stringify({ query: 'A'.repeat(100 * 1024) });
    const res = await unchanged(() =>
      t.api.postRaw('/api/user/register', body, 'application/json', { lang: 'ja' }),
    );
    expectFailure(res, 'common.bodyTooLarge', 'ja');
  });

  it('refuses a body that is not sent as JSON (415)', async () => {
    const res = await unchanged(() =>
      t.api.postRaw('/api/user/login', 'query=abc', 'application/x-www-form-urlencoded'),
    );
    expectFailure(res, 'common.unsupportedMediaType');
  });

  it.each([
    ['as text/plain', 'text/plain'],
    ['as text/plain with a charset', 'text/plain;charset=UTF-8'],
    ['without a Content-Type', undefined],
  ])('refuses a JSON body sent %s (415), in the user language', async (_, contentType) => {
    const body = new TextEncoder().encode(JSON.stringify({ query: 'abc' }));
    for (const path of ['/api/user/login', '/api/user/register']) {
      const res = await unchanged(() => t.api.request('POST', path, { body, contentType, lang: 'fr' }));
      expectFailure(res, 'common.unsupportedMediaType', 'fr');
    }
  });

  it('refuses a JSON body without a Content-Type on a signed-in route (415)', async () => {
    const { token } = await t.api.signUp();
    const body = new TextEncoder().encode(
      JSON.stringify({ oldPassword: 'secret123', newPassword: 'x-1234567' }),
    );
    const res = await unchanged(() =>
      t.api.request('POST', '/api/user/changePassword', { body, token, lang: 'it' }),
    );
    expectFailure(res, 'common.unsupportedMediaType', 'it');
  });

  it.each([
    ['/api/user/realName', 'text/plain'],
    ['/api/user/realName', undefined],
    ['/api/user/editAvatar', 'text/plain'],
    ['/api/user/editAvatar', undefined],
  ])('refuses a body on the upload route %s sent as %s (415)', async (path, contentType) => {
    const { token } = await t.api.signUp();
    const body = new TextEncoder().encode(
      JSON.stringify({ realName: '李雷', idNumber: '110105199003071234' }),
    );
    const res = await unchanged(() => t.api.request('POST', path, { body, contentType, token, lang: 'ja' }));
    expectFailure(res, 'common.unsupportedMediaType', 'ja');
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    expectFailure(await t.api.get('/api/no/such/route', { lang: 'fr' }), 'common.notFound', 'fr');
    expectFailure(await t.api.post('/api/user/nothing', {}), 'common.notFound');
    expectFailure(await t.api.get('/api'), 'common.notFound');
  });

  it('answers a known route with the wrong method with a 405 envelope', async () => {
    expectFailure(await t.api.get('/api/user/login', { lang: 'it' }), 'common.methodNotAllowed', 'it');
  });

  it('picks the best of our languages from Accept-Language', async () => {
    expectFailure(await t.api.get('/api/nope', { lang: 'de-DE,ko;q=0.9,en;q=0.8' }), 'common.notFound', 'ko');
    expectFailure(await t.api.get('/api/nope', { lang: 'pt-BR' }), 'common.notFound', 'zh-CN');
  });

  it('never reveals the framework', async () => {
    const res = await t.api.get('/api/nope');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
