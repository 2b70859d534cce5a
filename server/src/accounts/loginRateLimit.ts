import { DomainError } from '@bourse/shared';
import type { Redis } from 'ioredis';
import { guardedByRedis } from '../platform/redis.ts';

export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** Minutes the caller must wait, or undefined when another attempt is allowed. */
export function lockoutMinutes(failures: number, ttlMs: number): number | undefined {
  if (failures < MAX_LOGIN_FAILURES) return undefined;
  return Math.max(1, Math.ceil(ttlMs / 60_000));
}

/**
 * Failed logins counted per account and per client IP, each in its own key with a
 * 15-minute window from the first failure. Every command touches one key, so it works
 * unchanged on Redis Cluster. Without an IP only the account counts: change-password, whose
 * caller is already signed in, guesses the same account's password through another door.
 */
export class LoginRateLimit {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private accountKey(account: string): string {
    return `${this.prefix}login:fail:account:${account.toLowerCase()}`;
  }

  private keys(account: string, ip: string | undefined): string[] {
    const keys = [this.accountKey(account)];
    if (ip !== undefined) keys.push(`${this.prefix}login:fail:ip:${ip}`);
    return keys;
  }

  /** Throws 429 auth.tooManyAttempts while the account or the IP is locked out. */
  async assertAllowed(account: string, ip?: string): Promise<void> {
    for (const key of this.keys(account, ip)) {
      const [failures, ttl] = await this.run(() => Promise.all([this.redis.get(key), this.redis.pttl(key)]));
      const minutes = lockoutMinutes(Number(failures ?? 0), ttl);
      if (minutes !== undefined) throw new DomainError('auth.tooManyAttempts', { minutes });
    }
  }

  async recordFailure(account: string, ip?: string): Promise<void> {
    for (const key of this.keys(account, ip)) {
      await this.run(() =>
        this.redis.multi().set(key, '0', 'PX', LOGIN_FAILURE_WINDOW_MS, 'NX').incr(key).exec(),
      );
    }
  }

  /** A successful login or password change forgives the account's failures; the IP's stay. */
  async clearAccount(account: string): Promise<void> {
    await this.run(() => this.redis.del(this.accountKey(account)));
  }

  private run<T>(command: () => Promise<T>): Promise<T> {
    return guardedByRedis('login rate limit', command);
  }
}
