import { hashPassword } from '@bourse/core/accounts/passwords.ts';
import { payPasswords } from '@bourse/core/db/schema.ts';
import { checkPayPassword } from '@bourse/core/identity/index.ts';
import { beijingClock } from '@bourse/core/identity/payPasswordAttempts.ts';
import { payPasswordPepper, verifyPayPassword } from '@bourse/core/identity/payPasswordHash.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { type ErrorKey, type ErrorParams, identityRoutes } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFailure, expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

const PATH = '/api/user/payPassword';

describe.each(DB_KINDS)('payment password: GET and POST /api/user/payPassword on %s', (kind) => {
  const t = useTestServer(kind);

  const status = async (token: string) =>
    expectOk(await t.api.get(PATH, { token }), identityRoutes.payPasswordStatus.response);

  const hashOf = async (userId: string) => {
    const [row] = await t.database.db
      .select({ hash: payPasswords.hash })
      .from(payPasswords)
      .where(eq(payPasswords.userId, userId));
    return row?.hash;
  };

  const set = (token: string, body: Record<string, unknown>, lang?: string) =>
    t.api.post(PATH, body, { token, lang });

  async function withPayPassword(payPassword = '246810') {
    const signedUp = await t.api.signUp();
    expectOk(
      await set(signedUp.token, { newPayPassword: payPassword, confirmPayPassword: payPassword }),
      identityRoutes.setPayPassword.response,
    );
    return signedUp;
  }

  it('sets the first one with the old one empty, kept as an HMAC under the pepper', async () => {
    const { token, user } = await t.api.signUp();
    expect(await status(token)).toEqual({ isSet: false, lockedUntil: null });
    const res = await set(token, {
      oldPayPassword: '',
      newPayPassword: '024680',
      confirmPayPassword: '024680',
    });
    expect(expectOk(res, identityRoutes.setPayPassword.response)).toEqual({ isSet: true, lockedUntil: null });
    expect(await status(token)).toEqual({ isSet: true, lockedUntil: null });
    // Not argon2 (docs/adr/0040): the pepper, made on first start without PAY_PASSWORD_PEPPER, keys it.
    const hash = (await hashOf(user.id))!;
    expect(hash).toMatch(/^hmac-sha256\$[\w-]{22}\$[\w-]{43}$/);
    const pepper = await payPasswordPepper(t.database.db, undefined);
    expect(await verifyPayPassword(pepper, hash, '024680')).toBe(true);
    expect(await verifyPayPassword(Buffer.from('another pepper of 32 characters!'), hash, '024680')).toBe(
      false,
    );
  });

  it('replaces an argon2id hash from before ADR 0040 once a payment enters it right, never on a wrong one', async () => {
    const { user } = await withPayPassword('111111');
    const context = {
      db: t.database.db,
      redis: t.redis,
      redisPrefix: t.redisPrefix,
      config: { payPasswordPepper: undefined },
    };
    await t.database.db
      .update(payPasswords)
      .set({ hash: await hashPassword('111111') })
      .where(eq(payPasswords.userId, user.id));
    await expect(checkPayPassword(context, user.id, '999999')).rejects.toMatchObject({
      key: 'payPassword.wrong',
    });
    expect(await hashOf(user.id)).toMatch(/^\$argon2id\$/);
    await checkPayPassword(context, user.id, '111111');
    expect(await hashOf(user.id)).toMatch(/^hmac-sha256\$/);
    await checkPayPassword(context, user.id, '111111');
  });

  it('changes it with the right old one', async () => {
    const { token, user } = await withPayPassword('111111');
    const before = await hashOf(user.id);
    const body = { oldPayPassword: '111111', newPayPassword: '222222', confirmPayPassword: '222222' };
    expectOk(await set(token, body), identityRoutes.setPayPassword.response);
    expect(await hashOf(user.id)).not.toBe(before);
    // The new one is now the old one.
    const next = { oldPayPassword: '222222', newPayPassword: '333333', confirmPayPassword: '333333' };
    expectOk(await set(token, next), identityRoutes.setPayPassword.response);
  });

  const first = (body: Record<string, unknown>) => ({ isSet: false, body });
  const change = (body: Record<string, unknown>) => ({ isSet: true, body });
  it.each<[string, { isSet: boolean; body: Record<string, unknown> }, ErrorKey, ErrorParams]>([
    ['no new password', first({ confirmPayPassword: '123456' }), 'payPassword.required', {}],
    [
      'an empty new password',
      first({ newPayPassword: '', confirmPayPassword: '' }),
      'payPassword.required',
      {},
    ],
    [
      'five digits',
      first({ newPayPassword: '12345', confirmPayPassword: '12345' }),
      'payPassword.format',
      {},
    ],
    [
      'seven digits',
      first({ newPayPassword: '1234567', confirmPayPassword: '1234567' }),
      'payPassword.format',
      {},
    ],
    ['letters', first({ newPayPassword: '12345a', confirmPayPassword: '12345a' }), 'payPassword.format', {}],
    [
      'full-width digits',
      first({ newPayPassword: '１２３４５６', confirmPayPassword: '１２３４５６' }),
      'payPassword.format',
      {},
    ],
    [
      'a number instead of text',
      first({ newPayPassword: 123456, confirmPayPassword: '123456' }),
      'payPassword.required',
      {},
    ],
    [
      'a confirmation that differs',
      first({ newPayPassword: '123456', confirmPayPassword: '123465' }),
      'validation.passwordsMismatch',
      {},
    ],
    ['no confirmation', first({ newPayPassword: '123456' }), 'validation.passwordsMismatch', {}],
    [
      'an old one when none is set',
      first({ oldPayPassword: '654321', newPayPassword: '123456', confirmPayPassword: '123456' }),
      'payPassword.oldNotNeeded',
      {},
    ],
    [
      'no old one when changing',
      change({ newPayPassword: '123456', confirmPayPassword: '123456' }),
      'validation.required',
      { field: 'oldPayPassword' },
    ],
    [
      'an old one that is not six digits',
      change({ oldPayPassword: '24681', newPayPassword: '123456', confirmPayPassword: '123456' }),
      'payPassword.format',
      {},
    ],
    [
      'a new one equal to the old',
      change({ oldPayPassword: '246810', newPayPassword: '246810', confirmPayPassword: '246810' }),
      'validation.passwordSame',
      {},
    ],
    [
      'a wrong old one',
      change({ oldPayPassword: '999999', newPayPassword: '123456', confirmPayPassword: '123456' }),
      'payPassword.wrong',
      { attemptsLeft: 4 },
    ],
  ])('refuses %s, translated, and changes nothing', async (_, { isSet, body }, key, params) => {
    const { token, user } = isSet ? await withPayPassword('246810') : await t.api.signUp();
    const before = await hashOf(user.id);
    expectFailure(await set(token, body, 'ja'), key, 'ja', params);
    expect(await hashOf(user.id)).toBe(before);
  });

  it('names the old password in the message when it is missing', async () => {
    const { token } = await withPayPassword();
    const res = await set(token, { newPayPassword: '123456', confirmPayPassword: '123456' }, 'zh-CN');
    expect(res.body.msg).toBe('请填写原支付密码。');
  });

  it('counts wrong old ones: the fifth locks changes for 30 minutes, even with the right one', async () => {
    const { token, user } = await withPayPassword('246810');
    const before = await hashOf(user.id);
    const wrong = { oldPayPassword: '000000', newPayPassword: '123456', confirmPayPassword: '123456' };
    for (const attemptsLeft of [4, 3, 2, 1]) {
      expectFailure(await set(token, wrong, 'en'), 'payPassword.wrong', 'en', { attemptsLeft });
    }
    const startedAt = Date.now();
    const fifth = await set(token, wrong, 'en');
    expect(fifth.status).toBe(429);
    expect(fifth.body.key).toBe('payPassword.locked');

    const { lockedUntil } = await status(token);
    const until = new Date(lockedUntil ?? 0).getTime();
    expect(until - startedAt).toBeGreaterThan(29 * 60_000);
    expect(until - startedAt).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    expect(fifth.body.msg).toBe(
      `Too many wrong payment passwords. Payments are locked until ${beijingClock(new Date(until))} (Beijing time).`,
    );

    const right = { oldPayPassword: '246810', newPayPassword: '123456', confirmPayPassword: '123456' };
    expect((await set(token, right, 'en')).body.key).toBe('payPassword.locked');
    expect(await hashOf(user.id)).toBe(before);
  });

  it('forgets wrong entries after a right one', async () => {
    const { token } = await withPayPassword('246810');
    const wrong = { oldPayPassword: '000000', newPayPassword: '123456', confirmPayPassword: '123456' };
    for (const attemptsLeft of [4, 3]) {
      expectFailure(await set(token, wrong), 'payPassword.wrong', 'zh-CN', { attemptsLeft });
    }
    const right = { oldPayPassword: '246810', newPayPassword: '123456', confirmPayPassword: '123456' };
    expectOk(await set(token, right), identityRoutes.setPayPassword.response);
    const wrongAgain = { oldPayPassword: '000000', newPayPassword: '654321', confirmPayPassword: '654321' };
    expectFailure(await set(token, wrongAgain), 'payPassword.wrong', 'zh-CN', { attemptsLeft: 4 });
  });

  it('needs a session', async () => {
    expectFailure(await t.api.get(PATH), 'auth.loginFirst');
    expectFailure(
      await t.api.post(PATH, { newPayPassword: '123456', confirmPayPassword: '123456' }),
      'auth.loginFirst',
    );
  });
});
