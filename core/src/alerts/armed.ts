import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/database.ts';
import type { AlertRecord } from './alertIndex.ts';
import { priceAlerts } from './schema.ts';

const columns = {
  id: priceAlerts.id,
  userId: priceAlerts.userId,
  symbol: priceAlerts.symbol,
  kind: priceAlerts.kind,
  level: priceAlerts.level,
  percent: priceAlerts.percent,
  cooldownMinutes: priceAlerts.cooldownMinutes,
  lastFiredAt: priceAlerts.lastFiredAt,
};

/** Every enabled alert: what an evaluator's index is (re)built from. */
export function enabledAlerts(db: Db): Promise<AlertRecord[]> {
  return db.select(columns).from(priceAlerts).where(eq(priceAlerts.enabled, true));
}

/** Those of `ids` that are enabled now; an id missing from the answer was disabled or deleted. */
export function enabledAlertsAmong(db: Db, ids: readonly string[]): Promise<AlertRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(columns)
    .from(priceAlerts)
    .where(and(inArray(priceAlerts.id, [...ids]), eq(priceAlerts.enabled, true)));
}
