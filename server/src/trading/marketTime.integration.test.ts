import { EMBEDDED_AND_POSTGRES } from '@bourse/core/testing/testDatabase.ts';
import { MarketDouble, quote, TODAY } from '@bourse/core/trading/testing/marketDouble.ts';
import { Trader } from '@bourse/core/trading/testing/trader.ts';
import { messageRoutes, tradingRoutes } from '@bourse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

/** One clock: what trading writes carries the market's time, which in demo mode is not the wall clock's. */
describe.each(EMBEDDED_AND_POSTGRES)('market time on trading records on %s', (kind) => {
  const t = useTestServer(kind);
  let market: MarketDouble;

  beforeAll(async () => {
    market = new MarketDouble(t.redis, t.redisPrefix);
    await market.quotes(quote('604000'));
  });

  async function buyAndRead() {
    const trader = await Trader.signUp(t.api);
    const order = expectOk(await trader.buy('604000', 100), tradingRoutes.placeOrder.response);
    const fills = expectOk(await trader.get('fills?scope=today'), tradingRoutes.fills.response);
    const log = expectOk(await trader.get('moneyLog'), tradingRoutes.moneyLog.response);
    const messages = expectOk(
      await t.api.get('/api/messages', { token: trader.token }),
      messageRoutes.list.response,
    );
    return {
      order,
      fill: fills.items[0]!,
      buyLine: log.items.find((l) => l.type === 'buy')!,
      fillMessage: messages.items.find((m) => m.kind === 'fill')!,
    };
  }

  it("stamps the order, its fill, its money-log line and its message with the demo clock's market time", async () => {
    // The demo clock's cycle 0 (TODAY) began 100 s ago: 09:00 + 90 s of calls → 09:30, then 10 s at 20× → 09:33:20.
    const before = Date.now();
    await market.status({ clock: { anchor: before - 100_000, firstDate: TODAY, cycleMs: 906_000 } });
    const { order, fill, buyLine, fillMessage } = await buyAndRead();
    const after = Date.now();
    const earliest = Date.parse(`${TODAY}T09:33:20+08:00`);
    // The continuous session runs at 20×: the order was placed between `before` and `after`.
    const marketAt = Date.parse(order.marketAt);
    expect(marketAt).toBeGreaterThanOrEqual(earliest);
    expect(marketAt).toBeLessThanOrEqual(earliest + (after - before) * 20);
    for (const stamped of [fill.marketAt, buyLine.marketAt, fillMessage.marketAt]) {
      expect(stamped).toBe(order.marketAt);
    }
    // Real time stays beside it.
    expect(Date.parse(order.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(buyLine.time)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('stamps a simulation without a published clock with its latest market time', async () => {
    const status = await market.status();
    const { order, fill, buyLine, fillMessage } = await buyAndRead();
    for (const stamped of [order.marketAt, fill.marketAt, buyLine.marketAt, fillMessage.marketAt]) {
      expect(Date.parse(stamped)).toBe(status.time);
    }
  });

  it('stamps real time on the exchange calendar, where market time is Shanghai wall time', async () => {
    await market.status({ simulated: false });
    const before = Date.now();
    const { order, fill } = await buyAndRead();
    for (const stamped of [order.marketAt, fill.marketAt]) {
      expect(Date.parse(stamped)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(stamped)).toBeLessThanOrEqual(Date.now());
    }
  });
});
