import { DomainError, shanghaiMinuteOfDay } from '@bourse/shared';
import type { Redis } from 'ioredis';
import { AttemptLimit } from '../platform/attemptLimit.ts';

export const MAX_PAY_PASSWORD_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MS = 30 * 60_000;

/** "14:05", Beijing time: the clock the rest of the app (sessions, cut-offs) speaks in. */
export function beijingClock(instant: Date): string {
  const minutes = shanghaiMinuteOfDay(instant);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function locked(retryInMs: number): DomainError {
  return new DomainError('payPassword.locked', { until: beijingClock(new Date(Date.now() + retryInMs)) });
}

/**
 * Payment-password entries per user, in the one attempt limiter login uses too: counted before
 * they are verified, forgotten a day after the first or at the next right one; the fifth wrong
 * entry locks payments for 30 minutes, after which the user starts again with five.
 */
export class PayPasswordAttempts {
  private readonly limit: AttemptLimit;

  constructor(redis: Redis, prefix: string) {
    this.limit = new AttemptLimit(redis, prefix, 'payPassword', [
      { name: 'user', attempts: MAX_PAY_PASSWORD_FAILURES, windowMs: 24 * 60 * 60_000, onSuccess: 'clear' },
    ]);
  }

  /** When the lock ends, or null while entries are allowed. */
  async lockedUntil(userId: string): Promise<Date | null> {
    const ms = Math.min(await this.limit.retryIn([userId]), PAY_PASSWORD_LOCK_MS);
    return ms > 0 ? new Date(Date.now() + ms) : null;
  }

  /**
   * Verifies an entry unless locked: resolves when right; throws payPassword.locked (429),
   * or payPassword.wrong with the attempts left. `verify` throwing is not counted.
   */
  async verify(userId: string, verify: () => Promise<boolean>): Promise<void> {
    const result = await this.limit.attempt([userId], verify);
    // Refused because entries still being verified spent the budget: no longer than a lock.
    if (result.outcome === 'refused') throw locked(Math.min(result.retryInMs, PAY_PASSWORD_LOCK_MS));
    if (result.outcome === 'right') return;
    if (result.attemptsLeft > 0) {
      throw new DomainError('payPassword.wrong', { attemptsLeft: result.attemptsLeft });
    }
    await this.limit.lock([userId], PAY_PASSWORD_LOCK_MS);
    throw locked(PAY_PASSWORD_LOCK_MS);
  }
}
