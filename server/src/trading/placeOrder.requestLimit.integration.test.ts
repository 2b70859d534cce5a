import { queryRows } from '@bourse/core/db/rows.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { MarketDouble, quote } from '@bourse/core/trading/testing/marketDouble.ts';
import { Trader } from '@bourse/core/trading/testing/trader.ts';
import { tradingRoutes } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

const ORDERS = 12;

/**
 * Orders wait for their batch outside the process's request limit (ADR 0044): held inside it, a
 * batch could never hold more orders than the limit lets requests in, here one.
 */
describe.each(DB_KINDS)('POST /api/trade/orders at a request limit of 1 on %s', (kind) => {
  const t = useTestServer(kind, { config: { httpConcurrency: 1 } });
  let traders: Trader[];

  beforeAll(async () => {
    const market = new MarketDouble(t.redis, t.redisPrefix);
    await market.quotes(quote('604000'));
    await market.status();
    traders = await Promise.all(Array.from({ length: 3 }, () => Trader.signUp(t.api)));
  });

  it('places orders sent at once in shared transactions, each answered', async () => {
    const answers = await Promise.all(
      Array.from({ length: ORDERS }, (_, i) => traders[i % traders.length]!.buy('604000', 100, '9.50')),
    );
    for (const answer of answers)
      expect(expectOk(answer, tradingRoutes.placeOrder.response).status).toBe('pending');
    // A batch's orders are written with its one timestamp.
    const [row] = await queryRows<{ batches: string }>(
      t.database.db,
      sql`select count(distinct created_at) as batches from orders`,
    );
    expect(Number(row!.batches)).toBeLessThan(ORDERS);
  });
});
