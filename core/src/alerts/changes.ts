import type { Redis } from 'ioredis';
import { ThrottledWarning } from '../platform/throttledWarning.ts';

/** Pub/sub (under the deployment's prefix): `{"ids": [...]}` of alerts created, changed, fired or deleted. */
export const ALERT_CHANGES_CHANNEL = 'alerts:changes';

/** Tells the evaluators to re-read some alerts from PostgreSQL; never throws. */
export interface AlertChanges {
  publish(ids: readonly string[]): void;
}

/**
 * The evaluators' change stream. Only ids travel: an evaluator re-reads each alert from
 * PostgreSQL, the system of record, so messages in any order leave it with the latest state;
 * one lost message is mended by the evaluator's periodic reload.
 */
export function redisAlertChanges(redis: Redis, redisPrefix: string): AlertChanges {
  const channel = `${redisPrefix}${ALERT_CHANGES_CHANNEL}`;
  const failed = new ThrottledWarning('alerts: change not published; the periodic reload will catch it');
  return {
    publish(ids) {
      if (ids.length === 0) return;
      redis
        .publish(channel, JSON.stringify({ ids }))
        .catch((err: Error) => failed.warn({ err: err.message }));
    },
  };
}
