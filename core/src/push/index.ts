export { deliverPush, type PushDeps, PushNotDelivered, type PushOutcome } from './deliver.ts';
export { PUSH_JOB_OPTIONS, type PushOutbox, pushJobId, pushQueue, redisPushOutbox } from './outbox.ts';
export { pushMessage } from './pushMessage.ts';
export { preferencesOf, setPreferences, subscribe, unsubscribe } from './subscriptions.ts';
export { pushTopicOf } from './topics.ts';
export { ensureVapidKeys, type VapidKeys, vapidKeyStore, vapidSubject } from './vapid.ts';
