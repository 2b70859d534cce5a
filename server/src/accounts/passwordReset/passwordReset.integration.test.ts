import { mailOutbox, passwordResetCodes, users } from '@bourse/core/db/schema.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { type ErrorKey, passwordResetRoutes, userRoutes } from '@bourse/shared';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../../testing/expectations.ts';
import { signUpAdmin, useTestServer } from '../../testing/testServer.ts';

describe.each(DB_KINDS)('password reset by mailed code on %s', (kind) => {
  const t = useTestServer(kind);
  let admin: string;

  beforeAll(async () => {
    const signedUp = await signUpAdmin(t);
    admin = signedUp.token;
  });

  const forgot = (body: unknown, lang = 'en') => t.api.post('/api/user/forgotPassword', body, { lang });
  const reset = (body: unknown, lang = 'en') => t.api.post('/api/user/resetPassword', body, { lang });
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey) =>
    expectRefused(t.database.db, send, key);

  /** The code of the newest mail to `email` in the outbox. */
  async function mailedCode(email: string): Promise<{ code: string; subject: string; text: string }> {
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const code = mail?.body.match(/\b\d{6}\b/)?.[0];
    if (!mail || !code) throw new Error(`no code mailed to ${email}`);
    return { code, subject: mail.subject, text: mail.body };
  }

  const newPassword = (code: string, password = 'fresh-pass-1') => ({
    code,
    password,
    confirmPassword: password,
  });

  it('mails a code in the account language, and answers an unknown account alike, mailing nothing', async () => {
    const { credentials, user } = await t.api.signUp();
    await t.database.db.update(users).set({ lang: 'ja' }).where(eq(users.id, user.id));
    const known = await forgot({ account: credentials.account });
    const mails = await t.database.db.$count(mailOutbox);
    const unknown = await forgot({ account: 'nobody_here_42' });
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: known.status,
      body: known.body,
    });
    expectOk(known, passwordResetRoutes.forgotPassword.response);
    expect(await t.database.db.$count(mailOutbox)).toBe(mails);
    const mail = await mailedCode(credentials.email);
    expect(mail.subject).toBe('Bourse パスワード再設定コード');
    expect(mail.text).toContain('15分');
  });

  it('resets once with the code, ending every session; the code is single-use', async () => {
    const { credentials, token } = await t.api.signUp();
    // A second device signed in too.
    const other = expectOk(
      await t.api.login(credentials.account, credentials.password),
      userRoutes.login.response,
    );
    await forgot({ account: credentials.account });
    const { code } = await mailedCode(credentials.email);
    expectOk(
      await reset({ account: credentials.account.toUpperCase(), ...newPassword(code) }),
      passwordResetRoutes.resetPassword.response,
    );
    for (const old of [token, other.userinfo.token]) {
      expectFailure(
        await t.api.get('/api/user/info', { token: old, lang: 'en' }),
        'auth.sessionExpired',
        'en',
      );
    }
    expect((await t.api.login(credentials.account, credentials.password)).status).toBe(401);
    expect((await t.api.login(credentials.account, 'fresh-pass-1')).status).toBe(200);
    await refused(
      () => reset({ account: credentials.account, ...newPassword(code, 'third-pass-3') }),
      'reset.codeWrong',
    );
  });

  it('refuses an expired code, and a code a newer one replaced', async () => {
    const { credentials, user } = await t.api.signUp();
    await forgot({ account: credentials.account });
    const first = (await mailedCode(credentials.email)).code;
    await t.database.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.userId, user.id));
    await refused(() => reset({ account: credentials.account, ...newPassword(first) }), 'reset.codeWrong');

    await forgot({ account: credentials.account });
    const second = (await mailedCode(credentials.email)).code;
    await forgot({ account: credentials.account });
    const third = (await mailedCode(credentials.email)).code;
    if (second !== third) {
      await refused(() => reset({ account: credentials.account, ...newPassword(second) }), 'reset.codeWrong');
    }
    expectOk(
      await reset({ account: credentials.account, ...newPassword(third) }),
      passwordResetRoutes.resetPassword.response,
    );
    // The account's three mails in the window are spent: a fourth is refused.
    expectFailure(await forgot({ account: credentials.account }), 'auth.tooManyAttempts', 'en', {
      minutes: 15,
    });
  });

  it('ends the code after five wrong guesses: even the right one is then refused', async () => {
    const { credentials, user } = await t.api.signUp();
    await forgot({ account: credentials.account });
    const { code } = await mailedCode(credentials.email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      await refused(() => reset({ account: credentials.account, ...newPassword(wrong) }), 'reset.codeWrong');
    }
    expectFailure(
      await reset({ account: credentials.account, ...newPassword(code) }),
      'auth.tooManyAttempts',
      'en',
      { minutes: 15 },
    );
    const [row] = await t.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, user.id));
    expect(row?.endedAt).not.toBeNull();
    expect((await t.api.login(credentials.account, credentials.password)).status).toBe(200);
  });

  it('refuses bad input on both routes with a clear 4xx, writing nothing', async () => {
    const { credentials } = await t.api.signUp();
    const account = credentials.account;
    await refused(() => forgot({}), 'validation.account');
    await refused(() => forgot({ account: 'a b' }), 'validation.account');
    await refused(() => forgot({ account: 12345 }), 'validation.account');
    await refused(() => reset({ account, ...newPassword('12345') }), 'reset.codeFormat');
    await refused(() => reset({ account, ...newPassword('abcdef') }), 'reset.codeFormat');
    await refused(
      () => reset({ account, code: '123456', password: '12345', confirmPassword: '12345' }),
      'validation.passwordMin',
    );
    await refused(
      () => reset({ account, code: '123456', password: 'good-pass', confirmPassword: 'other-pass' }),
      'validation.passwordsMismatch',
    );
    await refused(
      () => reset({ code: '123456', password: 'good-pass', confirmPassword: 'good-pass' }),
      'validation.account',
    );
    await refused(
      () =>
        t.api.request('POST', '/api/user/forgotPassword', {
          body: '{"account":',
          lang: 'en',
          contentType: 'application/json',
        }),
      'common.badJson',
    );
  });

  it('shows the outbox to admins only', async () => {
    expectFailure(await t.api.get('/api/admin/outbox', { lang: 'en' }), 'auth.loginFirst', 'en');
    const { token } = await t.api.signUp();
    expectFailure(await t.api.get('/api/admin/outbox', { token, lang: 'en' }), 'common.forbidden', 'en');
    const page = expectOk(
      await t.api.get('/api/admin/outbox?pageSize=2', { token: admin }),
      passwordResetRoutes.outbox.response,
    );
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]?.text).toMatch(/\b\d{6}\b/);
    expectFailure(
      await t.api.get('/api/admin/outbox?page=0', { token: admin, lang: 'en' }),
      'common.validation',
      'en',
    );
  });
});
