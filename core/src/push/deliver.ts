import type { Agent } from 'node:https';
import type { PushPayload } from '@bourse/shared';
import { and, eq, sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { users } from '../accounts/schema.ts';
import { messages } from '../messages/schema.ts';
import type { Db } from '../platform/database.ts';
import { logger } from '../platform/logger.ts';
import { pushMessage } from './pushMessage.ts';
import { pushDeliveries, pushPreferences, pushSubscriptions } from './schema.ts';
import { pushTopicOf } from './topics.ts';
import type { VapidKeys } from './vapid.ts';

export interface PushDeps {
  db: Db;
  vapidKeys: () => Promise<VapidKeys>;
  /** The VAPID `sub` claim (vapidSubject). */
  subject: string;
  /** How long the push service keeps a push for a device that is offline. */
  ttlSeconds?: number;
  timeoutMs?: number;
  /** The HTTPS agent to reach push services with; the tests' local endpoint has its own CA. */
  agent?: Agent;
}

export type PushOutcome =
  /** The message is gone, is of a kind never pushed, or its topic is switched off. */
  | { kind: 'skipped'; reason: 'noMessage' | 'notPushed' | 'switchedOff' }
  | { kind: 'pushed'; sent: number; gone: number; already: number };

/** Push services answer 404 or 410 for a subscription that no longer exists. */
const isGone = (err: unknown) =>
  err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410);

/** One subscription's failure, kept until every device has had its try, then thrown for a retry. */
export class PushNotDelivered extends Error {
  constructor(readonly failures: number) {
    super(`push: ${failures} device(s) not reached`);
  }
}

async function messageFor(db: Db, messageId: string) {
  const [row] = await db
    .select({
      id: messages.id,
      userId: messages.userId,
      kind: messages.kind,
      params: messages.params,
      lang: users.lang,
      off: pushPreferences.off,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.userId))
    .leftJoin(pushPreferences, eq(pushPreferences.userId, messages.userId))
    .where(eq(messages.id, messageId));
  return row;
}

/**
 * Pushes one stored message to every device of its user, in the user's language, unless they
 * switched its topic off. Each device is claimed (message, subscription) before the push
 * service is asked, so a retry reaches only the devices that failed: never one twice. A device
 * the push service calls gone is removed; any other failure releases its claim and, once all
 * devices had their try, throws so the job retries with backoff.
 */
export async function deliverPush(deps: PushDeps, messageId: string): Promise<PushOutcome> {
  const { db } = deps;
  const message = await messageFor(db, messageId);
  if (!message) return { kind: 'skipped', reason: 'noMessage' };
  const topic = pushTopicOf(message);
  const payload = pushMessage(message.lang, message);
  if (!topic || !payload) return { kind: 'skipped', reason: 'notPushed' };
  if (message.off?.includes(topic)) return { kind: 'skipped', reason: 'switchedOff' };
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, message.userId));
  const outcome = { kind: 'pushed' as const, sent: 0, gone: 0, already: 0 };
  let failures = 0;
  for (const device of devices) {
    const [claimed] = await db
      .insert(pushDeliveries)
      .values({ messageId, subscriptionId: device.id })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      outcome.already++;
      continue;
    }
    try {
      await send(deps, device, payload);
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()` })
        .where(eq(pushSubscriptions.id, device.id));
      outcome.sent++;
    } catch (err) {
      if (isGone(err)) {
        // The claim goes with the subscription (on delete cascade).
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        outcome.gone++;
        continue;
      }
      await db
        .delete(pushDeliveries)
        .where(and(eq(pushDeliveries.messageId, messageId), eq(pushDeliveries.subscriptionId, device.id)));
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      logger.warn(
        { err: (err as Error).message, status, subscription: device.id },
        'push: device not reached',
      );
      failures++;
    }
  }
  if (failures > 0) throw new PushNotDelivered(failures);
  return outcome;
}

async function send(
  deps: PushDeps,
  device: typeof pushSubscriptions.$inferSelect,
  payload: PushPayload,
): Promise<void> {
  const keys = await deps.vapidKeys();
  await webpush.sendNotification(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: deps.ttlSeconds ?? 24 * 3600,
      contentEncoding: 'aes128gcm',
      timeout: deps.timeoutMs ?? 10_000,
      ...(deps.agent ? { agent: deps.agent } : {}),
    },
  );
}
