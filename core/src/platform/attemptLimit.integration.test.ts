import { randomUUID } from 'node:crypto';
import { DomainError } from '@bourse/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { LOGIN_BUDGETS } from '../accounts/loginAttempts.ts';
import { deleteKeys } from '../testing/redis.ts';
import { AttemptLimit } from './attemptLimit.ts';
import { createRedis } from './redis.ts';

const redis = createRedis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = `test:${randomUUID()}:`;

afterAll(async () => {
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

const login = () => new AttemptLimit(redis, prefix, `login-${randomUUID()}`, LOGIN_BUDGETS);
const keysOf = (account: string, ip: string) => [`${account}@${ip}`, ip, account];

describe('AttemptLimit', () => {
  it('verifies at most the budget of 50 concurrent attempts, the right one among them', async () => {
    const limit = new AttemptLimit(redis, prefix, `pin-${randomUUID()}`, [
      { name: 'user', attempts: 5, windowMs: 60_000, onSuccess: 'clear' },
    ]);
    let verified = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        limit.attempt(['alice'], async () => {
          verified++;
          return i === 37;
        }),
      ),
    );
    expect(verified).toBe(5);
    expect(outcomes.filter((o) => o.outcome === 'refused')).toHaveLength(45);
    if (outcomes[37]?.outcome !== 'right') expect(outcomes[37]?.outcome).toBe('refused');
  });

  it("locks the owner out only when strangers reach the account's ceiling of 50", async () => {
    const limit = login();
    const wrong = async () => false;
    const right = async () => true;
    // One stranger, one address: five verified, then refused, however long they hammer.
    for (let i = 0; i < 5; i++)
      expect((await limit.attempt(keysOf('bob', 'stranger'), wrong)).outcome).toBe('wrong');
    for (let i = 0; i < 100; i++)
      expect((await limit.attempt(keysOf('bob', 'stranger'), wrong)).outcome).toBe('refused');
    expect((await limit.attempt(keysOf('bob', 'owner'), right)).outcome).toBe('right');
    // Eight more addresses: 45 wrong attempts at the account in all, the owner still gets in.
    for (let ip = 1; ip <= 8; ip++) {
      for (let i = 0; i < 5; i++) await limit.attempt(keysOf('bob', `stranger-${ip}`), wrong);
    }
    expect((await limit.attempt(keysOf('bob', 'owner'), right)).outcome).toBe('right');
    // The tenth address brings it to 50: now the account is closed to everyone, for the window.
    for (let i = 0; i < 5; i++) await limit.attempt(keysOf('bob', 'stranger-9'), wrong);
    const owner = await limit.attempt(keysOf('bob', 'owner'), right);
    expect(owner).toMatchObject({ outcome: 'refused' });
    expect(owner.outcome === 'refused' && owner.retryInMs).toBeGreaterThan(14 * 60_000);
    // Other accounts are untouched.
    expect((await limit.attempt(keysOf('carol', 'owner'), right)).outcome).toBe('right');
  });

  it('closes an address after 20 wrong attempts on any accounts, whatever the accounts', async () => {
    const limit = login();
    for (let i = 0; i < 20; i++) await limit.attempt(keysOf(`user${i}`, 'proxy'), async () => false);
    expect((await limit.attempt(keysOf('dave', 'proxy'), async () => true)).outcome).toBe('refused');
    expect((await limit.attempt(keysOf('dave', 'home'), async () => true)).outcome).toBe('right');
  });

  it('does not count a right attempt against the shared budgets', async () => {
    const limit = login();
    for (let i = 0; i < 30; i++) {
      expect((await limit.attempt(keysOf(`erin${i % 3}`, 'office'), async () => true)).outcome).toBe('right');
    }
    expect(await limit.retryIn(keysOf('erin0', 'office'))).toBe(0);
  });

  it('gives back an attempt whose verification throws', async () => {
    const limit = new AttemptLimit(redis, prefix, `pin-${randomUUID()}`, [
      { name: 'user', attempts: 2, windowMs: 60_000, onSuccess: 'clear' },
    ]);
    for (let i = 0; i < 5; i++) {
      await expect(
        limit.attempt(['frank'], async () => {
          throw new DomainError('payPassword.format');
        }),
      ).rejects.toThrow('payPassword.format');
    }
    expect(await limit.attempt(['frank'], async () => false)).toEqual({ outcome: 'wrong', attemptsLeft: 1 });
  });

  it('locks for a set time, then starts afresh', async () => {
    const limit = new AttemptLimit(redis, prefix, `pin-${randomUUID()}`, [
      { name: 'user', attempts: 5, windowMs: 86_400_000, onSuccess: 'clear' },
    ]);
    await limit.lock(['grace'], 30 * 60_000);
    const retryIn = await limit.retryIn(['grace']);
    expect(retryIn).toBeGreaterThan(29 * 60_000);
    expect(retryIn).toBeLessThanOrEqual(30 * 60_000);
    expect((await limit.attempt(['grace'], async () => true)).outcome).toBe('refused');
  });

  it('refuses with 503 rather than allow unlimited guessing when Redis is gone', async () => {
    const broken = redis.duplicate({ lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    const limit = new AttemptLimit(broken, prefix, 'pin', LOGIN_BUDGETS);
    let verified = false;
    await expect(
      limit.attempt(keysOf('heidi', 'home'), async () => {
        verified = true;
        return true;
      }),
    ).rejects.toMatchObject({ key: 'common.unavailable' });
    expect(verified).toBe(false);
    broken.disconnect();
  });
});
