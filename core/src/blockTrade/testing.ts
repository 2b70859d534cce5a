/** Test helpers of block trades, for the server's and the workers' tests. */
import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { queryRows } from '../db/rows.ts';
import { givePayPassword, testPayPasswordContext, verifyUser } from '../identity/testing.ts';
import { auditLedger, type LedgerAudit } from '../ledger/audit.ts';
import type { Db } from '../platform/database.ts';
import type { ApiClient, ApiResponse } from '../testing/api.ts';
import { redisMarketView } from '../trading/marketView.ts';
import { positions } from '../trading/schema.ts';
import type { BlockTradeDeps } from './blockTradeDeps.ts';
import { settlementQueue } from './settlementQueue.ts';

export { deposit } from '../ledger/ledger.ts';
export { openTestDatabase, scratchPostgres } from '../testing/testDatabase.ts';
export { MarketDouble, quote } from '../trading/testing/marketDouble.ts';
export { createUser } from '../trading/testing/serviceDeps.ts';
export { placeBlockOrder } from './placeBlockOrder.ts';
export { queueSettlements } from './settlementQueue.ts';
export { givePayPassword, verifyUser };

/** Block-trade dependencies for service-level tests: the real queue and market view, events dropped. */
export function serviceBlockTradeDeps(db: Db, redis: Redis, redisPrefix: string): BlockTradeDeps {
  return {
    db,
    payPassword: testPayPasswordContext(db, redis, redisPrefix),
    market: redisMarketView(redis, redisPrefix),
    events: { publish: () => undefined },
    queue: settlementQueue(redis, redisPrefix),
  };
}

/** The payment password BlockTrader sets. */
export const PAY_PASSWORD = '246801';

/**
 * A holding of `quantity` shares bought on `dayDate` at `cost` in all (sellable from the next
 * trading day): what a sell needs without a trade to buy it first.
 */
export async function givePosition(
  db: Db,
  userId: string,
  holding: { symbol: string; name?: string; quantity: number; cost: string; dayDate: string },
): Promise<void> {
  await db.insert(positions).values({
    userId,
    symbol: holding.symbol,
    name: holding.name ?? holding.symbol,
    quantity: holding.quantity,
    cost: holding.cost,
    buyQuantity: holding.quantity,
    buyAmount: holding.cost,
    dayDate: holding.dayDate,
    dayOpenQuantity: holding.quantity,
  });
}

/** A signed-up user placing block orders through HTTP, as the screens do. */
export class BlockTrader {
  constructor(
    readonly api: ApiClient,
    readonly token: string,
    readonly userId: string,
  ) {}

  /** Signs up (with the demo's starting deposit), verified and with PAY_PASSWORD unless told otherwise. */
  static async signUp(
    t: { api: ApiClient; database: { db: Db } },
    options: { verified?: boolean; payPassword?: string | null } = {},
  ): Promise<BlockTrader> {
    const { token, user } = await t.api.signUp();
    if (options.verified ?? true) await verifyUser(t.database.db, user.id);
    const payPassword = options.payPassword === undefined ? PAY_PASSWORD : options.payPassword;
    if (payPassword !== null) await givePayPassword(t.database.db, user.id, payPassword);
    return new BlockTrader(t.api, token, user.id);
  }

  /** A fresh Idempotency-Key unless `key` is given (null: none sent); answers in English unless told. */
  place(body: unknown, options: { key?: string | null; lang?: string } = {}): Promise<ApiResponse> {
    const key = options.key === undefined ? randomUUID() : options.key;
    const headers: Record<string, string> = key === null ? {} : { 'Idempotency-Key': key };
    return this.api.post('/api/blockTrade/orders', body, {
      token: this.token,
      lang: options.lang ?? 'en',
      headers,
    });
  }

  orders(query = ''): Promise<ApiResponse> {
    return this.api.get(`/api/blockTrade/orders${query}`, { token: this.token });
  }

  cancel(id: string): Promise<ApiResponse> {
    return this.api.request('DELETE', `/api/blockTrade/orders/${id}`, { token: this.token, lang: 'en' });
  }

  account(): Promise<ApiResponse> {
    return this.api.get('/api/trade/account', { token: this.token });
  }
}

export interface BlockTradeAudit {
  ledger: LedgerAudit;
  /** Settled orders without exactly one trade entry, or with one that moves another amount. */
  wrongTradeEntries: number;
  /** Users whose frozen cash is not what their pending block buys froze (tests without other orders). */
  frozenMismatches: number;
  /** Holdings whose frozen shares are not what their pending block sells froze. */
  frozenShareMismatches: number;
}

/** What must hold once no settlement is running: the ledger clean and three zeros. */
export async function auditBlockTrades(db: Db): Promise<BlockTradeAudit> {
  const count = async (query: SQL) => Number((await queryRows<{ n: string | number }>(db, query))[0]?.n ?? 0);
  const [ledger, wrongTradeEntries, frozenMismatches, frozenShareMismatches] = await Promise.all([
    auditLedger(db),
    count(sql`
      with trades as (
        select e.order_id, count(distinct e.id) as entries,
               sum(p.amount) filter (where a.kind = 'market') as market
        from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
        where e.kind in ('buy', 'sell') and e.order_id is not null
        group by e.order_id)
      select count(*) as n from block_orders o left join trades t on t.order_id = o.id
      where (o.status = 'settled') <> (t.entries is not null)
         or t.entries <> 1
         or (o.status = 'settled' and t.market <> case when o.side = 'buy' then o.amount else -o.amount end)
         or (o.status = 'settled' and o.close_entry_id is null)`),
    count(sql`
      select count(*) as n from ledger_accounts a
      left join (select user_id, sum(frozen_cash) as frozen from block_orders
                 where status = 'pending' group by user_id) b on b.user_id = a.user_id
      where a.kind = 'frozen' and a.balance <> coalesce(b.frozen, 0)`),
    count(sql`
      select count(*) as n from positions h
      left join (select user_id, symbol, sum(quantity) as held from block_orders
                 where status = 'pending' and side = 'sell' group by user_id, symbol) b
        on b.user_id = h.user_id and b.symbol = h.symbol
      where h.frozen_quantity <> coalesce(b.held, 0)`),
  ]);
  return { ledger, wrongTradeEntries, frozenMismatches, frozenShareMismatches };
}

export const HEALTHY: BlockTradeAudit = {
  ledger: {
    total: '0.00',
    driftedAccounts: [],
    unbalancedEntries: [],
    negativeAccounts: [],
    escrowGap: '0.00',
    ordersOff: [],
  },
  wrongTradeEntries: 0,
  frozenMismatches: 0,
  frozenShareMismatches: 0,
};
