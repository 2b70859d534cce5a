import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LuaScript } from './luaScript.ts';

// Renew or release the lease only while it is still ours: an expired holder must not touch its successor's.
const RENEW = new LuaScript(
  `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`,
);
const RELEASE = new LuaScript(
  `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`,
);

/** A lease on a Redis key: the key holds its holder's id and expires unless renewed. */
export class RedisLease {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    readonly ttlMs: number,
    readonly holder: string = randomUUID(),
  ) {}

  /** True when the key was free and is ours now. */
  async acquire(): Promise<boolean> {
    return (await this.redis.set(this.key, this.holder, 'PX', this.ttlMs, 'NX')) === 'OK';
  }

  /** False when the lease expired and may be someone else's now. */
  async renew(): Promise<boolean> {
    return (await RENEW.run(this.redis, [this.key], [this.holder, this.ttlMs])) === 1;
  }

  async release(): Promise<void> {
    await RELEASE.run(this.redis, [this.key], [this.holder]);
  }
}
