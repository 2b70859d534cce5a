import { parseJson } from '@bourse/shared';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { ThrottledWarning } from '../platform/throttledWarning.ts';

/**
 * How long a session read from PostgreSQL is kept in Redis, and how long a revocation's
 * tombstone stands: an entry written before a revocation is overwritten by its tombstone, one
 * written after finds the tombstone (NX) and is not written, and once the tombstone expires the
 * database answers "revoked". It also bounds the damage when a tombstone could not be written.
 */
export const SESSION_CACHE_TTL_MS = 10 * 60_000;
const REVOKED = 'revoked';

const cachedSchema = z.object({
  id: z.string(),
  userId: z.string(),
  role: z.enum(['user', 'admin']),
  expiresAt: z.number(),
});
export type CachedSession = z.infer<typeof cachedSchema>;

// An outage would otherwise log once per request; every read then goes to the database.
const unavailable = new ThrottledWarning('session cache unavailable; sessions read from the database');
const notRevoked = new ThrottledWarning(
  `session cache: a revocation not written; the session may be trusted for up to ${SESSION_CACHE_TTL_MS / 60_000} minutes`,
);

/**
 * Sessions in Redis by token hash, so a request is authenticated without a PostgreSQL round trip
 * on any replica (a flash sale's thousands of refusals read no database). PostgreSQL stays the
 * truth: a miss or an unreachable Redis reads it, and revocations (logout, a password change or
 * reset) write tombstones after their commit.
 */
export class SessionCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(tokenHash: string): string {
    return `${this.prefix}session:${tokenHash}`;
  }

  /** The cached session, 'revoked', or undefined when not cached (or Redis is unreachable). */
  async read(tokenHash: string): Promise<CachedSession | typeof REVOKED | undefined> {
    let value: string | null;
    try {
      value = await this.redis.get(this.key(tokenHash));
    } catch (err) {
      unavailable.warn({ err: (err as Error).message });
      return undefined;
    }
    if (value === null) return undefined;
    if (value === REVOKED) return REVOKED;
    return parseJson(cachedSchema, value);
  }

  /** Keeps a session just read from the database, unless a revocation's tombstone stands. */
  async remember(tokenHash: string, session: CachedSession): Promise<void> {
    const ttl = Math.min(SESSION_CACHE_TTL_MS, session.expiresAt - Date.now());
    if (ttl <= 0) return;
    await this.redis
      .set(this.key(tokenHash), JSON.stringify(session), 'PX', ttl, 'NX')
      .catch((err: Error) => unavailable.warn({ err: err.message }));
  }

  /** Tombstones for sessions just revoked in the database (after its commit). */
  async revoke(tokenHashes: readonly string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    const batch = this.redis.multi();
    for (const hash of tokenHashes) batch.set(this.key(hash), REVOKED, 'PX', SESSION_CACHE_TTL_MS);
    await batch
      .exec()
      .catch((err: Error) => notRevoked.warn({ err: err.message, sessions: tokenHashes.length }));
  }
}
