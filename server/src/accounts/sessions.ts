import { DomainError, type LoginResult, type UserInfo } from '@bourse/shared';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { sessions, users } from '../db/schema.ts';
import type { Db } from '../platform/database.ts';
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
  if (!token) throw new DomainError('auth.loginFirst');
  if (!looksLikeSessionToken(token)) throw new DomainError('auth.sessionExpired');
  const [session] = await db
    .select({ id: sessions.id, userId: sessions.userId, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  if (!session) throw new DomainError('auth.sessionExpired');
  return session;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** After a password change every other device must log in again. */
export async function revokeOtherSessions(db: Db, session: Session): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, session.userId), ne(sessions.id, session.id), isNull(sessions.revokedAt)));
}

/** Opens a session for a user: the answer of both login and register. */
export async function signIn(db: Db, user: UserInfo): Promise<LoginResult> {
  return { userinfo: { ...user, token: await createSession(db, user.id) } };
}
