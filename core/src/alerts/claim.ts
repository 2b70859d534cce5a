import type { NewMessage, PriceAlertFired, PriceAlertKind } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows.ts';
import { stampMarketTime } from '../market/marketClock.ts';
import { notifyAll, type SentMessage } from '../messages/notify.ts';
import type { Db } from '../platform/database.ts';
import type { Firing } from './alertIndex.ts';
import { plainDecimal } from './alerts.ts';

/** A firing this process won: deliver it (delivery.ts); no other process will. */
export interface ClaimedFiring {
  userId: string;
  event: PriceAlertFired;
  /** The inbox message, stored with the claim. */
  message: SentMessage;
}

interface ClaimedRow {
  id: string;
  user_id: string;
  symbol: string;
  name: string;
  kind: PriceAlertKind;
  level: string | null;
  percent: string | null;
  repeat: boolean;
}

/**
 * Claims firings in PostgreSQL before anything is delivered: one statement moves each alert on
 * only if it is still enabled and, when it repeats, its cool-down (in market time, from the last
 * firing's quote) is over; one-shot alerts are disabled by it. Two evaluators (replicas, or one
 * restarted on the same quotes) claiming the same firing serialise on the row, and the second
 * finds the condition false and claims nothing. The inbox messages are written in the same
 * transaction, so a claimed firing always has its message. Returns the firings won.
 */
export async function claimFirings(db: Db, firings: readonly Firing[]): Promise<ClaimedFiring[]> {
  if (firings.length === 0) return [];
  const byId = new Map(firings.map((f) => [f.alert.id, f.quote]));
  const candidates = firings.map(({ alert, quote }) => ({
    id: alert.id,
    at: new Date(quote.time).toISOString(),
    price: quote.price,
  }));
  return db.transaction(async (tx) => {
    await stampMarketTime(tx, Math.max(...firings.map((f) => f.quote.time)));
    const rows = await queryRows<ClaimedRow>(
      tx,
      sql`
        update price_alerts a
        set enabled = a.cooldown_minutes is not null, last_fired_at = f.at, last_fired_price = f.price
        from jsonb_to_recordset(${JSON.stringify(candidates)}::jsonb) as f(id uuid, at timestamptz, price numeric)
        where a.id = f.id
          and a.enabled
          and (a.cooldown_minutes is null
            or a.last_fired_at is null
            or a.last_fired_at + a.cooldown_minutes * interval '1 minute' <= f.at)
        returning a.id, a.user_id, a.symbol, a.name, a.kind, a.level::text as level,
          a.percent::text as percent, a.cooldown_minutes is not null as repeat`,
    );
    const messages: NewMessage[] = rows.map((row) => ({
      userId: row.user_id,
      kind: 'priceAlert',
      params: {
        symbol: row.symbol,
        name: row.name,
        kind: row.kind,
        price: byId.get(row.id)!.price,
        ...(row.level === null ? {} : { level: plainDecimal(row.level)! }),
        ...(row.percent === null ? {} : { percent: plainDecimal(row.percent)! }),
      },
    }));
    const sent = await notifyAll(tx, messages);
    return rows.map((row, i) => {
      const quote = byId.get(row.id)!;
      return {
        userId: row.user_id,
        message: sent[i]!,
        event: {
          alertId: row.id,
          symbol: row.symbol,
          name: row.name,
          kind: row.kind,
          level: plainDecimal(row.level),
          percent: plainDecimal(row.percent),
          price: quote.price,
          pct: quote.pct,
          marketAt: new Date(quote.time).toISOString(),
          ts: quote.ts,
          repeat: row.repeat,
        },
      };
    });
  });
}
