import { randomUUID } from 'node:crypto';
import { ApiClient } from '@bourse/core/testing/api.ts';
import { CRASH_TEST_TIMEOUT_MS, type CrashHarness, crashHarness } from '@bourse/core/testing/crashHarness.ts';
import { checkLedgerAndOrders, MarketDouble, quote } from '@bourse/core/trading/testing';
import { tradingRoutes } from '@bourse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceChild } from '../market/testing/benchChild.ts';
import { spawnServer } from '../market/testing/spawnServer.ts';

const USERS = 8;
const ORDERS_PER_USER = 25;
/** Server 1 dies once this many of its answers are in: some orders done, others in flight. */
const KILL_AFTER_ANSWERS = 20;

/**
 * kill -9 of a server replica while orders stream in. A client that got no answer sends the order
 * again under the same Idempotency-Key to the other replica, as a phone behind a load balancer
 * would: every order is then answered and exists exactly once (none acknowledged before its
 * commit, none half written by the batch the kill cut short), and the ledger holds. Whether an
 * order committed but unanswered at the kill occurs is chance; the key makes its retry a replay
 * (placeOrder.handler.integration.test.ts tests the replay itself).
 */
describe('a server replica killed -9 in the middle of a burst of orders (postgres)', () => {
  let harness: CrashHarness;
  let servers: ServiceChild[];
  let apis: ApiClient[];

  beforeAll(async () => {
    harness = await crashHarness();
    const market = new MarketDouble(harness.redis, harness.prefix);
    await market.quotes(quote('604000'));
    await market.status();
    const env = {
      REDIS_URL: harness.redisUrl,
      REDIS_PREFIX: harness.prefix,
      DATABASE_URL: harness.scratch.url,
      DEMO_MODE: 'true',
    };
    servers = await Promise.all([spawnServer(env), spawnServer(env)]);
    apis = servers.map((s) => new ApiClient(`http://127.0.0.1:${s.port}`));
  }, CRASH_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((s) => s.stop()));
    await harness?.cleanup();
  });

  it(
    'answers every order once, the unanswered retried on the other replica, and loses or doubles none',
    async () => {
      const tokens = await Promise.all(
        Array.from({ length: USERS }, async () => (await apis[1]!.signUp()).token),
      );
      let answeredByFirst = 0;
      let retried = 0;
      let killed: Promise<void> | undefined;
      const place = async (token: string, replica: number) => {
        const key = randomUUID();
        const body = { symbol: '604000', side: 'buy', type: 'limit', price: '9.50', quantity: 100 };
        for (let attempt = 0; attempt < 3; attempt++) {
          const server = (replica + attempt) % apis.length;
          try {
            const res = await apis[server]!.post('/api/trade/orders', body, {
              token,
              headers: { 'Idempotency-Key': key },
            });
            if (server === 0 && ++answeredByFirst === KILL_AFTER_ANSWERS) killed = servers[0]!.kill();
            return { key, order: tradingRoutes.placeOrder.response.parse(res.body.data) };
          } catch {
            // No answer: the replica died with the request in flight, or refused the connection.
            retried++;
          }
        }
        throw new Error(`order ${key} was never answered`);
      };
      // Each user sends its orders one after another, to the replicas in turn: when server 1 dies
      // some are in flight on it, and every later one for it finds it gone.
      const answers = (
        await Promise.all(
          tokens.map(async (token, user) => {
            const placed = [];
            for (let i = 0; i < ORDERS_PER_USER; i++)
              placed.push(await place(token, (user + i) % apis.length));
            return placed;
          }),
        )
      ).flat();
      await killed;

      expect(killed).toBeDefined();
      expect(retried).toBeGreaterThan(0);
      const ids = new Set(answers.map((a) => a.order.id));
      // One order per key: no two keys answered with one order.
      expect(ids.size).toBe(USERS * ORDERS_PER_USER);
      // The database holds exactly the orders answered, and the ledger and frozen cash agree.
      const failed = (await checkLedgerAndOrders(harness.scratch.database.db, ids)).filter(
        (c) => c.failures > 0,
      );
      expect(failed).toEqual([]);
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
