import { type PushSubscribeBody, type PushTopic, pushRoutes } from '@bourse/shared';
import { callApi } from '../../../lib/http/client.ts';

export const fetchVapidKey = () => callApi(pushRoutes.vapidKey);

export const saveSubscription = (body: PushSubscribeBody) => callApi(pushRoutes.subscribe, { body });

export const removeSubscription = (endpoint: string) =>
  callApi(pushRoutes.unsubscribe, { body: { endpoint } });

export const fetchPushPreferences = (signal?: AbortSignal) => callApi(pushRoutes.preferences, { signal });

export const savePushPreferences = (off: readonly PushTopic[]) =>
  callApi(pushRoutes.setPreferences, { body: { off: [...off] }, repeatSubmit: false });
