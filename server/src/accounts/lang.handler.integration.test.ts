import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('POST /api/user/lang on %s', (kind) => {
  const t = useTestServer(kind);

  it("saves the user's language", async () => {
    const { token } = await t.api.signUp({ lang: 'en' });
    const saved = expectOk(
      await t.api.post('/api/user/lang', { lang: 'fr' }, { token }),
      userRoutes.setLang.response,
    );
    expect(saved.lang).toEqual({ file_name: 'fr', language_name: 'Français' });
    const info = expectOk(await t.api.get('/api/user/info', { token }), userRoutes.info.response);
    expect(info.lang.file_name).toBe('fr');
  });

  it.each([
    ['an unknown language', { lang: 'de' }],
    ['no language', {}],
  ])('refuses %s', async (_, body) => {
    const { token } = await t.api.signUp({ lang: 'en' });
    const res = await withoutWrites(t.database.db, () =>
      t.api.post('/api/user/lang', body, { token, lang: 'ja' }),
    );
    expectFailure(res, 'validation.language', 'ja');
    const info = expectOk(await t.api.get('/api/user/info', { token }), userRoutes.info.response);
    expect(info.lang.file_name).toBe('en');
  });

  it('needs a session', async () => {
    expectFailure(await t.api.post('/api/user/lang', { lang: 'fr' }), 'auth.loginFirst');
  });
});
