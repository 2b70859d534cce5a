import { pushSubscribeSchema } from '@bourse/shared';
import { fetchVapidKey, removeSubscription, saveSubscription } from './pushApi.ts';

/**
 * This browser's side of Web Push. `unsupported`: no service worker, Push API or notifications
 * (an iPhone's Safari outside the home screen, a private window); `denied`: the user refused
 * notifications, which only the browser's site settings can undo; `off`/`on`: whether this
 * device is subscribed.
 */
export type PushDeviceState = 'unsupported' | 'denied' | 'off' | 'on';

/** The browser's pieces, passed in so the logic can be tested without one. */
export interface PushBrowser {
  serviceWorker?: ServiceWorkerContainer;
  Notification?: { permission: NotificationPermission; requestPermission(): Promise<NotificationPermission> };
  hasPushManager: boolean;
}

export function currentBrowser(): PushBrowser {
  return {
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    Notification: typeof Notification === 'undefined' ? undefined : Notification,
    hasPushManager: typeof PushManager !== 'undefined',
  };
}

async function existingSubscription(browser: PushBrowser): Promise<PushSubscription | null> {
  const registration = await browser.serviceWorker?.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushDeviceState(browser: PushBrowser): Promise<PushDeviceState> {
  if (!browser.serviceWorker || !browser.Notification || !browser.hasPushManager) return 'unsupported';
  if (browser.Notification.permission === 'denied') return 'denied';
  if (browser.Notification.permission !== 'granted') return 'off';
  return (await existingSubscription(browser)) ? 'on' : 'off';
}

/** The VAPID public key as the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Asks the browser (on the user's tap only), subscribes at its push service with our VAPID key
 * and hands the subscription to the server. A refusal answers `denied`, nothing is stored.
 */
export async function turnPushOn(browser: PushBrowser): Promise<PushDeviceState> {
  if (!browser.serviceWorker || !browser.Notification || !browser.hasPushManager) return 'unsupported';
  const permission = await browser.Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const [registration, { publicKey }] = await Promise.all([browser.serviceWorker.ready, fetchVapidKey()]);
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await saveSubscription(pushSubscribeSchema.parse(subscription.toJSON()));
  return 'on';
}

/** Unsubscribes this device at the push service and on the server. */
export async function turnPushOff(browser: PushBrowser): Promise<PushDeviceState> {
  const subscription = await existingSubscription(browser);
  if (subscription) {
    await removeSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}
