import { DomainError, shanghaiMinuteOfDay } from '@bourse/shared';
import type { Redis } from 'ioredis';
import { guardedByRedis } from '../platform/redis.ts';

export const MAX_PAY_PASSWORD_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MS = 30 * 60_000;
/** Wrong entries are forgotten a day after the first, or at the next right one. */
const FAILURE_WINDOW_MS = 24 * 60 * 60_000;

/** "14:05", Beijing time: the clock the rest of the app (sessions, cut-offs) speaks in. */
export function beijingClock(instant: Date): string {
  const minutes = shanghaiMinuteOfDay(instant);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function locked(until: Date): DomainError {
  return new DomainError('payPassword.locked', { until: beijingClock(until) });
}

/**
 * Wrong payment-password entries per user: the fifth within the window locks payments for 30
 * minutes. The count and the lock are separate keys and every command touches one key, so it
 * works unchanged on Redis Cluster.
 */
export class PayPasswordAttempts {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private failuresKey(userId: string): string {
    return `${this.prefix}payPassword:failures:${userId}`;
  }

  private lockKey(userId: string): string {
    return `${this.prefix}payPassword:lock:${userId}`;
  }

  /** When the lock ends, or null while entries are allowed. */
  async lockedUntil(userId: string): Promise<Date | null> {
    const ttl = await this.run(() => this.redis.pttl(this.lockKey(userId)));
    return ttl > 0 ? new Date(Date.now() + ttl) : null;
  }

  /** Throws 429 payPassword.locked while the user is locked out. */
  async assertUnlocked(userId: string): Promise<void> {
    const until = await this.lockedUntil(userId);
    if (until) throw locked(until);
  }

  /** Counts a wrong entry and throws what the user is told: attempts left, or locked. */
  async recordWrong(userId: string): Promise<never> {
    const key = this.failuresKey(userId);
    const replies = await this.run(() =>
      this.redis.multi().set(key, '0', 'PX', FAILURE_WINDOW_MS, 'NX').incr(key).exec(),
    );
    const failures = Number(replies?.[1]?.[1] ?? MAX_PAY_PASSWORD_FAILURES);
    if (failures < MAX_PAY_PASSWORD_FAILURES) {
      throw new DomainError('payPassword.wrong', { attemptsLeft: MAX_PAY_PASSWORD_FAILURES - failures });
    }
    const until = new Date(Date.now() + PAY_PASSWORD_LOCK_MS);
    await this.run(() =>
      this.redis.set(this.lockKey(userId), until.toISOString(), 'PX', PAY_PASSWORD_LOCK_MS),
    );
    // After the lock the user starts again with five attempts.
    await this.run(() => this.redis.del(key));
    throw locked(until);
  }

  /** A right entry forgets the wrong ones. */
  async clear(userId: string): Promise<void> {
    await this.run(() => this.redis.del(this.failuresKey(userId)));
  }

  private run<T>(command: () => Promise<T>): Promise<T> {
    return guardedByRedis('payment password attempts', command);
  }
}
