import { pushRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { preferencesHandler, setPreferencesHandler } from './preferences.handler.ts';
import { subscribeHandler } from './subscribe.handler.ts';
import { unsubscribeHandler } from './unsubscribe.handler.ts';
import { vapidKeyHandler } from './vapidKey.handler.ts';

/** /api/push: the VAPID public key, this device's subscription, and which topics are pushed. */
export const pushRoutes = [
  route(contracts.vapidKey, vapidKeyHandler),
  route(contracts.subscribe, subscribeHandler),
  route(contracts.unsubscribe, unsubscribeHandler),
  route(contracts.preferences, preferencesHandler),
  route(contracts.setPreferences, setPreferencesHandler),
];
