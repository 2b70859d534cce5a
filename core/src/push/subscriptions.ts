import { DomainError, type PushPreferences, type PushSubscribeBody, type PushTopic } from '@bourse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import { pushPreferences, pushSubscriptions } from './schema.ts';

/** Whether `endpoint` is at one of `hosts` (a `*.example.com` entry takes its subdomains). */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  const { hostname } = new URL(endpoint);
  return hosts.some((host) => (host.startsWith('*.') ? hostname.endsWith(host.slice(1)) : hostname === host));
}

/**
 * Subscribes a device. Keyed by endpoint: the same device again refreshes its keys, and a
 * browser that another user signs in on now pushes to that user only. An endpoint outside the
 * push services in `pushServiceHosts` is refused: the server would post to it.
 */
export async function subscribe(
  db: Db,
  userId: string,
  body: PushSubscribeBody,
  userAgent: string | undefined,
  pushServiceHosts: readonly string[],
): Promise<void> {
  if (!isPushServiceEndpoint(body.endpoint, pushServiceHosts)) throw new DomainError('push.badSubscription');
  const row = {
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    userAgent: userAgent?.slice(0, 512) ?? null,
  };
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: row.p256dh, auth: row.auth, userAgent: row.userAgent, createdAt: sql`now()` },
    });
}

/** Removes the user's subscription at `endpoint`; another user's or an unknown one is left alone. */
export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function preferencesOf(db: Db, userId: string): Promise<PushPreferences> {
  const [row] = await db
    .select({ off: pushPreferences.off })
    .from(pushPreferences)
    .where(eq(pushPreferences.userId, userId));
  return { off: row?.off ?? [] };
}

export async function setPreferences(
  db: Db,
  userId: string,
  off: readonly PushTopic[],
): Promise<PushPreferences> {
  const unique = [...new Set(off)].sort();
  await db
    .insert(pushPreferences)
    .values({ userId, off: unique })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { off: unique, updatedAt: sql`now()` } });
  return { off: unique };
}
