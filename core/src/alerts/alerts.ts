import {
  type AlertSettings,
  type CreateAlert,
  Dec,
  DomainError,
  MAX_ACTIVE_ALERTS,
  type PriceAlertList,
  type PriceAlertView,
  type UpdateAlert,
} from '@bourse/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import { users } from '../accounts/schema.ts';
import type { Db } from '../platform/database.ts';
import type { AlertChanges } from './changes.ts';
import { priceAlerts } from './schema.ts';

export interface AlertsDeps {
  db: Db;
  /** Tells the evaluators which alerts changed, once the change is committed. */
  changes: AlertChanges;
}

type AlertRow = typeof priceAlerts.$inferSelect;

/** "12.340" → "12.34": numeric columns read with their scale's zeros. */
export const plainDecimal = (value: string | null) => (value === null ? null : new Dec(value).toString());

/** "84.500" → "84.50": a stored quote price as the market shows it, two decimals or three where used. */
const quotedPrice = (value: string | null) => {
  if (value === null) return null;
  const price = new Dec(value);
  return price.toFixed(Math.max(2, price.decimalPlaces()));
};

export function alertView(row: AlertRow): PriceAlertView {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    kind: row.kind,
    level: plainDecimal(row.level),
    percent: plainDecimal(row.percent),
    repeat: row.cooldownMinutes !== null,
    cooldownMinutes: row.cooldownMinutes,
    enabled: row.enabled,
    lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
    lastFiredPrice: quotedPrice(row.lastFiredPrice),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The columns of a setting: a threshold only where the kind has one, a cool-down only when it repeats. */
const settingColumns = (s: AlertSettings) => ({
  kind: s.kind,
  level: s.level ?? null,
  percent: s.percent ?? null,
  cooldownMinutes: s.repeat ? (s.cooldownMinutes ?? null) : null,
});

const ofUser = (userId: string) => eq(priceAlerts.userId, userId);

export async function alertsOf(db: Db, userId: string): Promise<PriceAlertList> {
  const rows = await db
    .select()
    .from(priceAlerts)
    .where(ofUser(userId))
    .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
  return { alerts: rows.map(alertView), max: MAX_ACTIVE_ALERTS };
}

/** Serialises one user's alert changes, so the cap holds under concurrent requests. */
async function lockAlertsOf(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

async function refuseBeyondCap(tx: Db, userId: string): Promise<void> {
  const [row] = await tx
    .select({ enabled: count() })
    .from(priceAlerts)
    .where(and(ofUser(userId), eq(priceAlerts.enabled, true)));
  if ((row?.enabled ?? 0) >= MAX_ACTIVE_ALERTS)
    throw new DomainError('priceAlert.tooMany', { max: MAX_ACTIVE_ALERTS });
}

/** Sets an alert on a stock the caller checked is listed (`name` is its name now). */
export async function createAlert(
  deps: AlertsDeps,
  userId: string,
  input: CreateAlert,
  name: string,
): Promise<PriceAlertView> {
  const row = await deps.db.transaction(async (tx) => {
    await lockAlertsOf(tx, userId);
    await refuseBeyondCap(tx, userId);
    const [inserted] = await tx
      .insert(priceAlerts)
      .values({ userId, symbol: input.symbol, name, ...settingColumns(input) })
      .returning();
    return inserted!;
  });
  deps.changes.publish([row.id]);
  return alertView(row);
}

/**
 * Rewrites one of the user's alerts whole. Enabling a disabled one re-arms it and counts
 * against the cap; someone else's alert is not found, exactly as one that does not exist.
 */
export async function updateAlert(
  deps: AlertsDeps,
  userId: string,
  id: string,
  input: UpdateAlert,
): Promise<PriceAlertView> {
  const row = await deps.db.transaction(async (tx) => {
    await lockAlertsOf(tx, userId);
    const [current] = await tx
      .select({ enabled: priceAlerts.enabled })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.id, id), ofUser(userId)));
    if (!current) throw new DomainError('priceAlert.notFound');
    if (input.enabled && !current.enabled) await refuseBeyondCap(tx, userId);
    const [updated] = await tx
      .update(priceAlerts)
      .set({ enabled: input.enabled, ...settingColumns(input) })
      .where(and(eq(priceAlerts.id, id), ofUser(userId)))
      .returning();
    return updated!;
  });
  deps.changes.publish([row.id]);
  return alertView(row);
}

export async function deleteAlert(deps: AlertsDeps, userId: string, id: string): Promise<PriceAlertList> {
  const deleted = await deps.db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), ofUser(userId)))
    .returning({ id: priceAlerts.id });
  if (deleted.length === 0) throw new DomainError('priceAlert.notFound');
  deps.changes.publish([id]);
  return alertsOf(deps.db, userId);
}
