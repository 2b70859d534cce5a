import { DomainError } from '@bourse/shared';
import type { Redis } from 'ioredis';
import { type AttemptBudget, AttemptLimit } from '../platform/attemptLimit.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;

/**
 * Login's budgets, narrowest first (docs/adr/0011-attempt-limits.md): five attempts per account
 * from one IP, the caller's own, forgiven by a right password; twenty per IP on any accounts,
 * against one address trying many accounts; fifty per account from everywhere, the ceiling a
 * stranger must spread over ten addresses to reach before the owner is locked out.
 */
export const LOGIN_BUDGETS: readonly AttemptBudget[] = [
  { name: 'account-ip', attempts: 5, windowMs: LOGIN_WINDOW_MS, onSuccess: 'clear' },
  { name: 'ip', attempts: 20, windowMs: LOGIN_WINDOW_MS, onSuccess: 'refund' },
  { name: 'account', attempts: 50, windowMs: LOGIN_WINDOW_MS, onSuccess: 'refund' },
];

export function loginAttempts(redis: Redis, prefix: string): AttemptLimit {
  return new AttemptLimit(redis, prefix, 'login', LOGIN_BUDGETS);
}

/** Whole minutes to tell a refused caller: never "0", never negative. */
export function lockoutMinutes(retryInMs: number): number {
  return Math.max(1, Math.ceil(retryInMs / 60_000));
}

/**
 * Verifies the password of `account` tried from `ip` within login's budgets: true when right,
 * false when wrong; throws 429 auth.tooManyAttempts, unverified, once a budget is spent.
 * Login and change-password both go through it, so a lockout earned at either door closes both.
 */
export async function verifyWithinLoginLimits(
  limit: AttemptLimit,
  account: string,
  ip: string,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const name = account.toLowerCase();
  const result = await limit.attempt([`${name}@${ip}`, ip, name], verify);
  if (result.outcome === 'refused') {
    throw new DomainError('auth.tooManyAttempts', { minutes: lockoutMinutes(result.retryInMs) });
  }
  return result.outcome === 'right';
}
