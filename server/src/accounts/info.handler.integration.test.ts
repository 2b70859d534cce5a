import { randomBytes } from 'node:crypto';
import { hashSessionToken } from '@bourse/core/accounts/tokens.ts';
import { sessions } from '@bourse/core/db/schema.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { userRoutes } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('GET /api/user/info and session tokens on %s', (kind) => {
  const t = useTestServer(kind);

  it('answers the user with their language', async () => {
    const { token, credentials } = await t.api.signUp({ lang: 'ko' });
    const info = expectOk(await t.api.get('/api/user/info', { token }), userRoutes.info.response);
    expect(info).toMatchObject({
      account: credentials.account,
      lang: { file_name: 'ko', language_name: '한국어' },
    });
    expect(info).not.toHaveProperty('passwordHash');
  });

  it('asks for a login without a token (401, code 401)', async () => {
    expectFailure(await t.api.get('/api/user/info', { lang: 'en' }), 'auth.loginFirst', 'en');
  });

  it.each([
    ['random bytes of the right shape', randomBytes(32).toString('base64url')],
    ['garbage', 'not-a-token'],
  ])('refuses a forged token: %s', async (_, token) => {
    expectFailure(await t.api.get('/api/user/info', { token, lang: 'ja' }), 'auth.sessionExpired', 'ja');
  });

  it('refuses the stored hash of a real token in place of the token', async () => {
    const { token } = await t.api.signUp();
    expectFailure(
      await t.api.get('/api/user/info', { token: hashSessionToken(token) }),
      'auth.sessionExpired',
    );
  });

  it('refuses a token once it expires, though the session cache read it live', async () => {
    const { token } = await t.api.signUp();
    const expiresAt = new Date(Date.now() + 1500);
    await t.database.db
      .update(sessions)
      .set({ expiresAt })
      .where(eq(sessions.tokenHash, hashSessionToken(token)));
    expectOk(await t.api.get('/api/user/info', { token }), userRoutes.info.response);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    expectFailure(await t.api.get('/api/user/info', { token, lang: 'it' }), 'auth.sessionExpired', 'it');
  });

  it('gives sessions three days', async () => {
    const { token } = await t.api.signUp();
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(token)));
    const days = ((session?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
  });
});
