import { AttemptLimit } from '@bourse/core/platform/attemptLimit.ts';
import { vi } from 'vitest';

/**
 * Counts the guesses the attempt limiter lets through to verification (a login password, a
 * payment password) while `total` concurrent attempts run in this process. Each verification is
 * held until every attempt has either reached its verification or been answered without one, so
 * no early answer can clear a limit while another attempt has yet to be counted: the count is
 * the same on every run.
 */
export function holdVerifications(total: number) {
  const attempt = AttemptLimit.prototype.attempt;
  let verified = 0;
  let answered = 0;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Until the gate opens, only attempts refused without a verification can have been answered.
  const check = () => {
    if (verified + answered >= total) release();
  };
  const spy = vi.spyOn(AttemptLimit.prototype, 'attempt').mockImplementation(function (
    this: AttemptLimit,
    keys,
    verify,
  ) {
    return attempt.call(this, keys, async () => {
      verified++;
      check();
      await gate;
      return verify();
    });
  });
  return {
    get verified() {
      return verified;
    },
    /** One attempt, counted as answered when it settles. */
    track<T>(attempt: Promise<T>): Promise<T> {
      return attempt.finally(() => {
        answered++;
        check();
      });
    },
    restore(): void {
      spy.mockRestore();
    },
  };
}
