import { z } from 'zod';
import { defineRoute } from '../api/route.ts';

/**
 * Web Push (issue 16 §2, docs/adr/0031-web-push.md): the server signs with its VAPID key pair,
 * the browser's push service holds one subscription per device, and every inbox message of a
 * pushed kind may also be pushed, worded on the server in the user's language.
 */

/** What a user can switch on or off in Settings → Notifications; all are on until switched off. */
export const PUSH_TOPICS = [
  'fills',
  'orders',
  'newShares',
  'paymentDue',
  'transfers',
  'priceAlerts',
  'store',
] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

/** The server's VAPID public key: the uncompressed P-256 point, base64url, for `applicationServerKey`. */
export const vapidKeySchema = z.object({ publicKey: z.string() });

const base64url = (max: number) =>
  z
    .string({ message: 'push.badSubscription' })
    .min(1, { message: 'push.badSubscription' })
    .max(max, { message: 'push.badSubscription' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: 'push.badSubscription' });

/**
 * A device's subscription as `PushSubscription.toJSON()` gives it. The endpoint is the push
 * service's URL for this device, always https.
 */
export const pushEndpointSchema = z
  .url({ protocol: /^https$/, message: 'push.badSubscription' })
  .max(2048, { message: 'push.badSubscription' });

export const pushSubscribeSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object(
    {
      /** The device's P-256 public key (65 bytes, base64url: 87 characters). */
      p256dh: base64url(100),
      /** The 16-byte authentication secret (base64url: 22 characters). */
      auth: base64url(32),
    },
    { message: 'push.badSubscription' },
  ),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

/** The topics the user switched off; every other topic is pushed. */
export const pushPreferencesSchema = z.object({
  off: z.array(z.enum(PUSH_TOPICS, { message: 'push.badTopic' })).max(PUSH_TOPICS.length),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/** Whether this device's endpoint is subscribed for the signed-in user. */
export const pushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });

/** What the service worker receives, decrypted: the notification's text and the page a tap opens. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the app (`/transaction`), opened in the app's window on a tap. */
  url: z.string().startsWith('/'),
  /** The message's id: a second push for the same message replaces the notification. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const PUSH_QUEUES = { deliveries: 'push-deliveries' } as const;

/** One message to push to every subscribed device of its user. */
export const pushJobSchema = z.object({ messageId: z.uuid() });
export type PushJob = z.infer<typeof pushJobSchema>;

export const pushRoutes = {
  vapidKey: defineRoute({
    method: 'get',
    path: '/push/vapidKey',
    summary: "The server's VAPID public key, for subscribing a device",
    auth: 'public',
    response: vapidKeySchema,
  }),
  subscribe: defineRoute({
    method: 'post',
    path: '/push/subscribe',
    summary: "Subscribe this device to the user's notifications (again is fine: keyed by endpoint)",
    auth: 'user',
    body: pushSubscribeSchema,
    response: pushSubscriptionStateSchema,
  }),
  unsubscribe: defineRoute({
    method: 'post',
    path: '/push/unsubscribe',
    summary: 'Stop pushing to this device (an unknown endpoint is fine)',
    auth: 'user',
    body: pushUnsubscribeSchema,
    response: pushSubscriptionStateSchema,
  }),
  preferences: defineRoute({
    method: 'get',
    path: '/push/preferences',
    summary: 'The notification topics the user switched off',
    auth: 'user',
    response: pushPreferencesSchema,
  }),
  setPreferences: defineRoute({
    method: 'put',
    path: '/push/preferences',
    summary: 'Switch notification topics off (those listed) or on (the rest)',
    auth: 'user',
    body: pushPreferencesSchema,
    response: pushPreferencesSchema,
  }),
} as const;
