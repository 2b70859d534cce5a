import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { lockUsersCash, writeEntries } from '../ledger/ledger.ts';
import { notifyAll } from '../messages/notify.ts';
import type { Db } from '../platform/database.ts';
import { type BatchEffects, type BatchOrder, batchEffects, positionKey, positionOf } from './batchEffects.ts';
import type { FillRow, OrderRow, PositionRow } from './execution.ts';
import { fills, orders, positionHistory, positions } from './schema.ts';

/** Some of the batch's idempotency keys made orders in earlier transactions: those requests are replays. */
export class KeysTaken<T extends BatchOrder> extends Error {
  constructor(readonly items: ReadonlySet<T>) {
    super('idempotency keys already used');
  }
}

/** What a batch's transaction wrote: its effects and the rows the database answered. */
export interface BatchWritten<T extends BatchOrder> {
  effects: BatchEffects<T>;
  orderRows: Map<string, OrderRow>;
  fillRows: FillRow[];
  sent: Awaited<ReturnType<typeof notifyAll>>;
}

/** The batch's positions, locked in one stable order (user, symbol) like their cash. */
async function lockPositions(
  tx: Db,
  items: readonly BatchOrder[],
): Promise<Map<string, PositionRow | undefined>> {
  const pairs = new Map(items.map((i) => [positionKey(i.userId, i.checked.symbol), i] as const));
  const held = new Map<string, PositionRow | undefined>([...pairs.keys()].map((key) => [key, undefined]));
  const rows = await tx
    .select()
    .from(positions)
    .where(
      or(
        ...[...pairs.values()].map((i) =>
          and(eq(positions.userId, i.userId), eq(positions.symbol, i.checked.symbol)),
        ),
      ),
    )
    .orderBy(positions.userId, positions.symbol)
    .for('update');
  for (const row of rows) held.set(positionKey(row.userId, row.symbol), row);
  return held;
}

/** `set` of an upsert: every column but the key takes the proposed row's value. */
function fromExcluded(columns: Record<string, PgColumn>, key: readonly PgColumn[]) {
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([, column]) => !key.includes(column))
      .map(([field, column]) => [field, sql.raw(`excluded."${column.name}"`)]),
  );
}

/**
 * The batch's transaction: locks its users' cash and positions, works out the effects in memory
 * (batchEffects), then writes them with one statement per table. Throws KeysTaken when a key
 * made an order in an earlier transaction.
 */
export async function writeBatch<T extends BatchOrder>(
  tx: Db,
  items: readonly T[],
): Promise<BatchWritten<T>> {
  const effects = batchEffects(
    {
      cash: await lockUsersCash(
        tx,
        items.map((i) => i.userId),
      ),
      positions: await lockPositions(tx, items),
    },
    items,
  );
  const orderRows = new Map<string, OrderRow>();
  if (effects.placed.length > 0) {
    const inserted = await tx
      .insert(orders)
      .values(effects.placed.map((p) => p.order))
      .onConflictDoNothing()
      .returning();
    for (const row of inserted) orderRows.set(row.id, row);
    if (orderRows.size < effects.placed.length) {
      throw new KeysTaken(
        new Set(effects.placed.filter((p) => !orderRows.has(p.order.id)).map((p) => p.item)),
      );
    }
  }
  const fillRows = effects.fills.length > 0 ? await tx.insert(fills).values(effects.fills).returning() : [];
  await writeEntries(tx, effects.entries);
  if (effects.history.length > 0) await tx.insert(positionHistory).values(effects.history);
  const closed = [...effects.closed].map(positionOf);
  if (closed.length > 0) {
    await tx
      .delete(positions)
      .where(
        or(
          ...closed.map(([userId, symbol]) =>
            and(eq(positions.userId, userId), eq(positions.symbol, symbol)),
          ),
        ),
      );
  }
  const upserts = [...effects.changed].map((key) => effects.positions.get(key)!);
  if (upserts.length > 0) {
    const key = [positions.userId, positions.symbol];
    await tx
      .insert(positions)
      .values(upserts)
      .onConflictDoUpdate({ target: key, set: fromExcluded(getTableColumns(positions), key) });
  }
  const sent = await notifyAll(tx, effects.messages);
  return { effects, orderRows, fillRows, sent };
}
