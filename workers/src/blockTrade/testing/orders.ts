/** Drivers of the settlement worker tests: customers with block orders placed through the real path, and what they hold after. */
import { randomUUID } from 'node:crypto';
import {
  createUser,
  deposit,
  givePayPassword,
  givePosition,
  PAY_PASSWORD,
  placeBlockOrder,
  serviceBlockTradeDeps,
  verifyUser,
} from '@bourse/core/blockTrade/testing';
import type { Db } from '@bourse/core/platform';
import { Dec } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';

export const SYMBOL = '604000';
export const STARTING_CASH = new Dec(1_000_000);
/** A buy of 300,000 at 3.00 costs 900,000.00 + 234.00 fees; a sell of 300,000 at 3.10 nets 929,293.20. */
export const AFTER_BUY = '99766.00';
export const AFTER_SELL = '1929293.20';

/** A 3.00 stock on a 3.00 close (band 2.70–3.30), as the feed would publish it. */
export const QUOTE = { price: '3.00', prevClose: '3.00', limitUp: '3.30', limitDown: '2.70' };

/**
 * `buyers` customers each buying 300,000 at 3.00 and `sellers` each selling 300,000 (of a
 * holding bought the day before) at 3.10, placed through placeBlockOrder with STARTING_CASH each.
 */
export async function placeOrders(
  db: Db,
  redis: Redis,
  prefix: string,
  counts: { buyers: number; sellers: number; tradingDate: string },
): Promise<{ orderId: string; userId: string; side: 'buy' | 'sell' }[]> {
  const deps = serviceBlockTradeDeps(db, redis, prefix);
  const placed = [];
  for (let i = 0; i < counts.buyers + counts.sellers; i++) {
    const side = i < counts.buyers ? 'buy' : 'sell';
    const userId = await createUser(db);
    await verifyUser(db, userId);
    await givePayPassword(db, userId, PAY_PASSWORD);
    await db.transaction((tx) => deposit(tx, userId, STARTING_CASH, counts.tradingDate));
    if (side === 'sell') {
      await givePosition(db, userId, {
        symbol: SYMBOL,
        quantity: 300_000,
        cost: '900000.00',
        dayDate: '2026-07-06',
      });
    }
    const { order } = await placeBlockOrder(
      deps,
      userId,
      {
        symbol: SYMBOL,
        side,
        kind: 'intraday',
        price: side === 'buy' ? '3.00' : '3.10',
        quantity: 300_000,
        payPassword: PAY_PASSWORD,
      },
      randomUUID(),
    );
    placed.push({ orderId: order.id, userId, side } as const);
  }
  await deps.queue.close();
  return placed;
}

export async function pendingCount(db: Db): Promise<number> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as n from block_orders where status = 'pending'`,
  )) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

/** Per order: its status, the owner's cash and shares of SYMBOL, and how many block-trade messages they got. */
export async function outcomes(db: Db) {
  const { rows } = (await db.execute(sql`
    select o.id, o.side, o.status, o.refusal_reason,
           (select coalesce(sum(balance), 0) from ledger_accounts a where a.user_id = o.user_id)::text as cash,
           (select coalesce(sum(quantity), 0) from positions p where p.user_id = o.user_id)::int as shares,
           (select count(*) from messages m where m.user_id = o.user_id and m.kind = 'blockTradeResult')::int as messages
    from block_orders o order by o.created_at`)) as unknown as {
    rows: {
      id: string;
      side: 'buy' | 'sell';
      status: string;
      refusal_reason: string | null;
      cash: string;
      shares: number;
      messages: number;
    }[];
  };
  return rows;
}
