/**
 * Messages to users, for every feature and the workers: store a notice inside the transaction
 * that caused it, then push it over /user once that transaction has committed.
 *
 *   const sent = await db.transaction(async (tx) => {
 *     …the job's own writes…
 *     return notify(tx, { userId, kind: 'allotmentResult', params: { … } });
 *   });
 *   publisher.publish(sent);
 */
export type { MessageKind, MessageParams, MessageView, NewMessage } from '@bourse/shared';
export { notify, notifyAll, type SentMessage } from './notify.ts';
export { type MessagePublisher, redisMessagePublisher } from './publisher.ts';
