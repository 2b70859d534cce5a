import { DomainError, type LoginResult, type UserInfo } from '@bourse/shared';
import { and, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import { sessions, users } from '../db/schema.ts';
import type { Db } from '../platform/database.ts';
import type { SessionCache } from './sessionCache.ts';
import { hashSessionToken, looksLikeSessionToken, newSessionToken, SESSION_TTL_MS } from './tokens.ts';

export interface Session {
  id: string;
  userId: string;
  role: 'user' | 'admin';
}

/** Opens a session and returns its token; only the token's hash is stored. */
export async function createSession(db: Db, userId: string): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashSessionToken(token),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

/** The session of a `token` header: 401 auth.loginFirst without one, auth.sessionExpired for any token that is not live. */
export async function authenticate(db: Db, token: string | undefined): Promise<Session> {
  return (await readSession(db, token)).session;
}

/** authenticate, with the session's expiry: a long-lived connection ends itself then. */
export async function readSession(
  db: Db,
  token: string | undefined,
): Promise<{ session: Session; expiresAt: Date }> {
  return readSessionByHash(db, tokenHashOf(token));
}

/** The hash a token is stored under; 401 auth.loginFirst without one, auth.sessionExpired for one of the wrong shape. */
function tokenHashOf(token: string | undefined): string {
  if (!token) throw new DomainError('auth.loginFirst');
  if (!looksLikeSessionToken(token)) throw new DomainError('auth.sessionExpired');
  return hashSessionToken(token);
}

async function readSessionByHash(db: Db, tokenHash: string): Promise<{ session: Session; expiresAt: Date }> {
  const [found] = await db
    .select({ id: sessions.id, userId: sessions.userId, role: users.role, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    );
  if (!found) throw new DomainError('auth.sessionExpired');
  const { expiresAt, ...session } = found;
  return { session, expiresAt };
}

/** Where a route reads sessions: PostgreSQL, through the Redis cache every replica shares. */
export interface SessionStore {
  db: Db;
  cache: SessionCache;
}

/**
 * authenticate through the cache: a session any replica read in the last SESSION_CACHE_TTL_MS
 * costs one Redis call, not a database round trip; a miss or an unreachable Redis reads the
 * database and keeps what it found, and a revocation's tombstone refuses at once.
 */
async function readCached(
  store: SessionStore,
  tokenHash: string,
): Promise<{ session: Session; expiresAt: number }> {
  const cached = await store.cache.read(tokenHash);
  if (cached === 'revoked') throw new DomainError('auth.sessionExpired');
  if (cached && cached.expiresAt > Date.now()) {
    const { expiresAt, ...session } = cached;
    return { session, expiresAt };
  }
  const found = await readSessionByHash(store.db, tokenHash);
  const expiresAt = found.expiresAt.getTime();
  void store.cache.remember(tokenHash, { ...found.session, expiresAt });
  return { session: found.session, expiresAt };
}

/** The session of a route's `token` header, through the cache (readCached). */
export async function authenticateCached(store: SessionStore, token: string | undefined): Promise<Session> {
  return (await readCached(store, tokenHashOf(token))).session;
}

/**
 * How long a process trusts a session it has read, for the routes that take it from
 * authenticateBriefly. Expiry is checked on every use and this process's own logouts and
 * revocations drop its copies at once; a revocation made by another replica takes effect
 * here within this time.
 */
export const SESSION_TRUST_MS = 2_000;
/** Beyond this many copies, stale ones are swept before another is kept. */
const TRUSTED_MAX = 10_000;

interface Trusted {
  session: Session;
  expiresAt: number;
  until: number;
}

/** By token hash: tokens are random, so one map serves every database a process opens (tests open several). */
const trusted = new Map<string, Trusted>();

/** Drops this process's copies of sessions that were just revoked. */
function forget(drop: (session: Session) => boolean): void {
  for (const [hash, entry] of trusted) if (drop(entry.session)) trusted.delete(hash);
}

/**
 * authenticateCached, trusting a session read in the last SESSION_TRUST_MS: for the hot routes
 * (placing and cancelling orders), where even a Redis round trip per order counts.
 */
export async function authenticateBriefly(store: SessionStore, token: string | undefined): Promise<Session> {
  const now = Date.now();
  const hash = tokenHashOf(token);
  const entry = trusted.get(hash);
  if (entry && entry.until > now && entry.expiresAt > now) return entry.session;
  const { session, expiresAt } = await readCached(store, hash);
  if (trusted.size >= TRUSTED_MAX)
    for (const [key, stale] of trusted) if (stale.until <= now) trusted.delete(key);
  trusted.set(hash, { session, expiresAt, until: now + SESSION_TRUST_MS });
  return session;
}

/** What a revocation answers: the revoked sessions' token hashes, for SessionCache.revoke after the commit. */
type Revoked = Promise<string[]>;
const revokedHashes = (rows: { tokenHash: string }[]) => rows.map((r) => r.tokenHash);

export async function revokeSession(db: Db, sessionId: string): Revoked {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.id, sessionId))
    .returning({ tokenHash: sessions.tokenHash });
  forget((session) => session.id === sessionId);
  return revokedHashes(rows);
}

/** After a password change every other device must log in again. */
export async function revokeOtherSessions(db: Db, session: Session): Revoked {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, session.userId), ne(sessions.id, session.id), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  forget((other) => other.userId === session.userId && other.id !== session.id);
  return revokedHashes(rows);
}

/** After a password reset every device, this one included, must log in again. */
export async function revokeAllSessions(db: Db, userId: string): Revoked {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ tokenHash: sessions.tokenHash });
  forget((session) => session.userId === userId);
  return revokedHashes(rows);
}

/** Opens a session for a user: the answer of both login and register. */
export async function signIn(db: Db, user: UserInfo): Promise<LoginResult> {
  return { userinfo: { ...user, token: await createSession(db, user.id) } };
}

/** Rows one purge statement deletes at most: a backlog goes in short transactions, not one long lock. */
const PURGE_BATCH = 10_000;

/** Deletes the sessions expired before now, batch by batch; returns how many went. */
export async function purgeExpiredSessions(db: Db, batchSize = PURGE_BATCH): Promise<number> {
  // One cutoff for the whole run, so sessions expiring meanwhile cannot keep it going.
  const cutoff = new Date();
  let purged = 0;
  for (;;) {
    const batch = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(lt(sessions.expiresAt, cutoff))
      .limit(batchSize);
    const deleted = await db
      .delete(sessions)
      .where(inArray(sessions.id, batch))
      .returning({ id: sessions.id });
    purged += deleted.length;
    if (deleted.length < batchSize) return purged;
  }
}
