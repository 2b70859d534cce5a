import { describe, expect, it } from 'vitest';
import { type PushBrowser, pushDeviceState, turnPushOn } from './pushDevice.ts';

/** A browser as far as pushDevice reads it: a registration with or without a subscription. */
function browser(permission: NotificationPermission, subscribed: boolean, answer = permission): PushBrowser {
  const registration = {
    pushManager: {
      getSubscription: async () => (subscribed ? ({ endpoint: 'https://push/1' } as PushSubscription) : null),
    },
  } as ServiceWorkerRegistration;
  return {
    serviceWorker: { getRegistration: async () => registration } as unknown as ServiceWorkerContainer,
    Notification: { permission, requestPermission: async () => answer },
    hasPushManager: true,
  };
}

describe('this device’s push state', () => {
  it.each([
    ['no service worker', { ...browser('granted', true), serviceWorker: undefined }, 'unsupported'],
    ['no Notification', { ...browser('granted', true), Notification: undefined }, 'unsupported'],
    ['no PushManager', { ...browser('granted', true), hasPushManager: false }, 'unsupported'],
    ['refused notifications', browser('denied', false), 'denied'],
    ['not asked yet', browser('default', false), 'off'],
    ['allowed, not subscribed', browser('granted', false), 'off'],
    ['allowed and subscribed', browser('granted', true), 'on'],
  ] as const)('%s reads as %s', async (_, given, expected) => {
    expect(await pushDeviceState(given)).toBe(expected);
  });

  it('asks the browser on a tap and stops at a refusal, subscribing nothing', async () => {
    expect(await turnPushOn(browser('default', false, 'denied'))).toBe('denied');
    expect(await turnPushOn(browser('default', false, 'default'))).toBe('off');
  });
});
