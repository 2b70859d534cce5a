import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

// Extend or delete the lock only while it is still ours: an expired holder must not touch its successor's.
const EXTEND = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** The one-active-feed lock: a key holding the holder's id that expires unless renewed. */
export class FeedLock {
  readonly id = randomUUID();

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    readonly ttlMs: number,
  ) {}

  async acquire(): Promise<boolean> {
    return (await this.redis.set(this.key, this.id, 'PX', this.ttlMs, 'NX')) === 'OK';
  }

  /** False when the lock expired and may be someone else's now. */
  async renew(): Promise<boolean> {
    return (await this.redis.eval(EXTEND, 1, this.key, this.id, this.ttlMs)) === 1;
  }

  async release(): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key, this.id);
  }
}
