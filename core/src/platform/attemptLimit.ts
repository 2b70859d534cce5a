import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { guardedByRedis } from './redis.ts';

/** One budget of attempts at a secret, counted per key in a fixed window from the first attempt. */
export interface AttemptBudget {
  /** Names the budget in its Redis keys: `<prefix>attempts:<purpose>:<name>:<key>`. */
  name: string;
  /** Attempts verified per window; the next one is refused until the window ends. */
  attempts: number;
  windowMs: number;
  /**
   * What a right answer to attempt() does to the budget: 'clear' forgets its wrong attempts (a
   * budget of the caller's own), 'refund' (the default) only gives back the right attempt (a
   * budget strangers share, whose failures the owner's success must not wipe).
   */
  onSuccess?: 'clear' | 'refund';
}

/** One unit taken from one budget: what to give back, and what the budget has left. */
interface Spent {
  limiter: RateLimiterRedis;
  key: string;
  left: number;
}

export type AttemptOutcome =
  | { outcome: 'right' }
  | { outcome: 'wrong'; attemptsLeft: number }
  | { outcome: 'refused'; retryInMs: number };

/**
 * Attempts at a secret (login password, payment password), limited by one or more budgets;
 * spend() applies the same budgets to actions limited by count (registrations).
 * Each attempt is counted before it is verified, by one atomic Redis script per budget
 * (rate-limiter-flexible's RateLimiterRedis), so concurrent attempts can never verify more
 * than a budget allows. Each script touches one key, so this works on Redis Cluster. Without
 * Redis nothing can be counted: every call refuses with 503 (guardedByRedis).
 */
export class AttemptLimit {
  private readonly limiters: readonly RateLimiterRedis[];

  constructor(
    redis: Redis,
    prefix: string,
    private readonly purpose: string,
    private readonly budgets: readonly AttemptBudget[],
  ) {
    this.limiters = budgets.map(
      (budget) =>
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}attempts:${purpose}:${budget.name}`,
          points: budget.attempts,
          duration: budget.windowMs / 1000,
        }),
    );
  }

  /**
   * Spends one attempt of every budget, in order (keys[i] for budgets[i]), then runs `verify`.
   * Budgets go narrowest first: an attempt refused by a later budget gives back what it took
   * from the earlier ones, and one refused by an earlier budget never touches the later ones,
   * so attempts that were not verified count against nobody's shared budget. `verify` throwing
   * (a malformed entry) gives the attempt back too.
   */
  async attempt(keys: readonly string[], verify: () => Promise<boolean>): Promise<AttemptOutcome> {
    const taken = await this.take(keys);
    if ('retryInMs' in taken) return { outcome: 'refused', retryInMs: taken.retryInMs };
    const right = await this.orGiveBack(taken, verify);
    if (!right) return { outcome: 'wrong', attemptsLeft: Math.min(...taken.map((s) => s.left)) };
    await this.run(() =>
      Promise.all(
        taken.map(({ limiter, key }, i) =>
          this.budgets[i]?.onSuccess === 'clear' ? limiter.delete(key) : limiter.reward(key, 1),
        ),
      ),
    );
    return { outcome: 'right' };
  }

  /**
   * The same budgets for an action limited by how often it is done rather than by guesses
   * (registrations): spends one of each, runs `action` and keeps them spent; the action
   * throwing gives them back.
   */
  async spend<T>(
    keys: readonly string[],
    action: () => Promise<T>,
  ): Promise<{ outcome: 'done'; value: T } | { outcome: 'refused'; retryInMs: number }> {
    const taken = await this.take(keys);
    if ('retryInMs' in taken) return { outcome: 'refused', retryInMs: taken.retryInMs };
    return { outcome: 'done', value: await this.orGiveBack(taken, action) };
  }

  /** Closes every budget of these keys for `ms`; when it ends they start afresh. */
  async lock(keys: readonly string[], ms: number): Promise<void> {
    await this.run(() =>
      Promise.all(this.limiters.map((limiter, i) => limiter.block(this.keyAt(keys, i), ms / 1000))),
    );
  }

  /** How long until the next attempt may be verified: 0 while every budget has some left. */
  async retryIn(keys: readonly string[]): Promise<number> {
    const states = await this.run(() =>
      Promise.all(this.limiters.map((limiter, i) => limiter.get(this.keyAt(keys, i)))),
    );
    return Math.max(
      0,
      ...states.map((res, i) =>
        res && res.consumedPoints >= (this.budgets[i]?.attempts ?? 0) ? res.msBeforeNext : 0,
      ),
    );
  }

  /** One unit of every budget, narrowest first; a refusal gives back what the earlier ones gave. */
  private async take(keys: readonly string[]): Promise<Spent[] | { retryInMs: number }> {
    const spent: Spent[] = [];
    for (const [i, limiter] of this.limiters.entries()) {
      const key = this.keyAt(keys, i);
      const res = await this.run(() => limiter.consume(key).catch(refusal));
      if (res.consumedPoints > limiter.points) {
        await this.giveBack(spent);
        return { retryInMs: res.msBeforeNext };
      }
      spent.push({ limiter, key, left: res.remainingPoints });
    }
    return spent;
  }

  private async orGiveBack<T>(spent: readonly Spent[], action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (err) {
      await this.giveBack(spent);
      throw err;
    }
  }

  private async giveBack(spent: readonly Spent[]): Promise<void> {
    await this.run(() => Promise.all(spent.map(({ limiter, key }) => limiter.reward(key, 1))));
  }

  private keyAt(keys: readonly string[], i: number): string {
    const key = keys[i];
    if (key === undefined) throw new Error(`${this.purpose} attempts: no key for budget ${i}`);
    return key;
  }

  private run<T>(command: () => Promise<T>): Promise<T> {
    return guardedByRedis(`${this.purpose} attempt limit`, command);
  }
}

/** consume() rejects with the limiter's answer when the budget is spent; anything else is Redis failing. */
function refusal(err: unknown): RateLimiterRes {
  if (err instanceof RateLimiterRes) return err;
  throw err;
}
