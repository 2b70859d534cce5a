import {
  checkPayPassword,
  type PayPasswordContext,
  requireVerifiedUser,
} from '@bourse/core/identity/index.ts';
import { givePayPassword, verifyUser } from '@bourse/core/identity/testing.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { DomainError, type ErrorKey, translateError } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/testServer.ts';
import { holdVerifications } from '../testing/verifications.ts';

/** What a call throws, as key, status and params. */
async function refusal(call: Promise<unknown>): Promise<{ key: ErrorKey; status: number; params: object }> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(err)}`);
  return { key: err.key, status: err.status, params: err.params };
}

/** 'passed', or what the call threw. */
const refusalOrPass = (call: Promise<unknown>) =>
  call.then(
    () => 'passed' as const,
    () => refusal(call),
  );

describe.each(DB_KINDS)('the identity gates other features call, on %s', (kind) => {
  const t = useTestServer(kind);
  const context = (): PayPasswordContext => ({
    db: t.database.db,
    redis: t.redis,
    redisPrefix: t.redisPrefix,
    config: { payPasswordPepper: undefined },
  });

  describe('requireVerifiedUser', () => {
    it('refuses with 403 until the verification has passed', async () => {
      const { user } = await t.api.signUp();
      expect(await refusal(requireVerifiedUser(t.database.db, user.id))).toEqual({
        key: 'identity.notVerified',
        status: 403,
        params: {},
      });
      await verifyUser(t.database.db, user.id);
      await expect(requireVerifiedUser(t.database.db, user.id)).resolves.toBeUndefined();
    });
  });

  describe('checkPayPassword', () => {
    it('offers setting one when none is set, whatever was entered', async () => {
      const { user } = await t.api.signUp();
      for (const entry of ['123456', undefined, 'abc']) {
        expect(await refusal(checkPayPassword(context(), user.id, entry))).toMatchObject({
          key: 'payPassword.notSet',
          status: 400,
        });
      }
    });

    it('accepts the right one', async () => {
      const { user } = await t.api.signUp();
      await givePayPassword(t.database.db, user.id, '135790');
      await expect(checkPayPassword(context(), user.id, '135790')).resolves.toBeUndefined();
    });

    it.each([
      ['nothing', undefined, 'payPassword.required'],
      ['an empty string', '', 'payPassword.required'],
      ['a number', 135790, 'payPassword.required'],
      ['five digits', '13579', 'payPassword.format'],
      ['digits with a space', '13579 ', 'payPassword.format'],
    ] as const)('refuses %s without counting it as a wrong entry', async (_, entry, key) => {
      const { user } = await t.api.signUp();
      await givePayPassword(t.database.db, user.id, '135790');
      for (let i = 0; i < 6; i++) {
        expect((await refusal(checkPayPassword(context(), user.id, entry))).key).toBe(key);
      }
      expect(await refusal(checkPayPassword(context(), user.id, '000000'))).toMatchObject({
        key: 'payPassword.wrong',
        params: { attemptsLeft: 4 },
      });
    });

    it('locks for 30 minutes at the fifth wrong entry, in Redis under the app prefix', async () => {
      const { user } = await t.api.signUp();
      await givePayPassword(t.database.db, user.id, '135790');
      for (const attemptsLeft of [4, 3, 2, 1]) {
        expect(await refusal(checkPayPassword(context(), user.id, '000000'))).toEqual({
          key: 'payPassword.wrong',
          status: 400,
          params: { attemptsLeft },
        });
      }
      const locked = await refusal(checkPayPassword(context(), user.id, '000000'));
      expect(locked).toMatchObject({ key: 'payPassword.locked', status: 429 });
      expect(translateError('en', 'payPassword.locked', locked.params as Record<string, string>)).toMatch(
        /^Too many wrong payment passwords\. Payments are locked until \d\d:\d\d \(Beijing time\)\.$/,
      );
      const ttl = await t.redis.pttl(`${t.redisPrefix}attempts:payPassword:user:${user.id}`);
      expect(ttl).toBeGreaterThan(29 * 60_000);
      expect(ttl).toBeLessThanOrEqual(30 * 60_000);

      // Locked: the right one and a malformed one hear the same.
      expect((await refusal(checkPayPassword(context(), user.id, '135790'))).key).toBe('payPassword.locked');
      expect((await refusal(checkPayPassword(context(), user.id, 'x'))).key).toBe('payPassword.locked');

      // When the lock ends, five attempts again.
      await t.redis.del(`${t.redisPrefix}attempts:payPassword:user:${user.id}`);
      expect(await refusal(checkPayPassword(context(), user.id, '000000'))).toMatchObject({
        params: { attemptsLeft: 4 },
      });
      await expect(checkPayPassword(context(), user.id, '135790')).resolves.toBeUndefined();
    });

    it('verifies at most 5 of 20 concurrent entries, the right one among them', async () => {
      const { user } = await t.api.signUp();
      await givePayPassword(t.database.db, user.id, '135790');
      const entries = Array.from({ length: 20 }, (_, i) => (i === 9 ? '135790' : `00000${i % 10}`));
      const held = holdVerifications(entries.length);
      try {
        const outcomes = await Promise.all(
          entries.map((entry) => held.track(refusalOrPass(checkPayPassword(context(), user.id, entry)))),
        );
        expect(held.verified).toBeLessThanOrEqual(5);
        const locked = outcomes.filter((o) => o !== 'passed' && o.key === 'payPassword.locked');
        expect(locked.length).toBeGreaterThanOrEqual(entries.length - held.verified);
        // The right entry either was among those verified, or heard the lock like any other.
        const right = outcomes[9];
        if (right !== 'passed') expect(right?.key).toBe('payPassword.locked');
      } finally {
        held.restore();
      }
    });

    it('counts per user', async () => {
      const alice = (await t.api.signUp()).user;
      const bob = (await t.api.signUp()).user;
      await givePayPassword(t.database.db, alice.id, '135790');
      await givePayPassword(t.database.db, bob.id, '135790');
      for (let i = 0; i < 3; i++) await refusal(checkPayPassword(context(), alice.id, '000000'));
      expect(await refusal(checkPayPassword(context(), bob.id, '000000'))).toMatchObject({
        params: { attemptsLeft: 4 },
      });
    });

    it('refuses with 503 rather than allow unlimited guessing when Redis is gone', async () => {
      const { user } = await t.api.signUp();
      await givePayPassword(t.database.db, user.id, '135790');
      const broken = t.redis.duplicate({
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
      });
      const result = await refusal(checkPayPassword({ ...context(), redis: broken }, user.id, '135790'));
      expect(result).toMatchObject({ key: 'common.unavailable', status: 503 });
      broken.disconnect();
    });
  });
});
