/**
 * The burst at the open (issue 17 §2): orders planned before the bell, sent open-loop at an even
 * pace over a window whatever the answers do, each under its own Idempotency-Key. A request that
 * gets no HTTP answer (its replica died, the connection broke, the 10 s timeout) goes again with
 * the same key to the next replica, as a phone behind a load balancer would: the server answers a
 * key it has seen with the order it made, so a retry can never place an order twice.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { orderSchema, type PlaceOrder } from '@bourse/shared';
import type { JsonAnswer, JsonClient } from './jsonClient.ts';
import type { Trader } from './traders.ts';

export interface BurstOrder {
  trader: Trader;
  body: PlaceOrder;
  /** The replica it goes to first. */
  replica: number;
}

export interface BurstAnswer {
  key: string;
  /** The final answer: the last attempt's. */
  answer: JsonAnswer;
  orderId?: string;
  /** From the moment it was due to be sent to its final answer, retries included. */
  ms: number;
  attempts: number;
}

/** Attempts per order, spread over the replicas in turn. */
const MAX_ATTEMPTS = 4;
/** A pause before a retry, so a refused connection to a dead replica does not spin. */
const RETRY_PAUSE_MS = 20;
/** How often the pacer wakes to send the orders now due. */
const PACE_TICK_MS = 2;

/**
 * Sends `orders` evenly over `windowMs`; `during` runs at `atMs` into the window (the crash test
 * kills processes there) and is awaited with the answers. Resolves when every order has its
 * final answer.
 */
export async function sendBurst(
  clients: readonly JsonClient[],
  orders: readonly BurstOrder[],
  windowMs: number,
  during?: { atMs: number; run: () => Promise<void> },
): Promise<BurstAnswer[]> {
  const answers: Promise<BurstAnswer>[] = [];
  const started = performance.now();
  const send = async (order: BurstOrder, dueAt: number): Promise<BurstAnswer> => {
    const key = randomUUID();
    let answer: JsonAnswer = { status: 0, body: null, failure: 'network' };
    let attempts = 0;
    while (attempts < MAX_ATTEMPTS) {
      const client = clients[(order.replica + attempts) % clients.length]!;
      if (attempts > 0) await sleep(RETRY_PAUSE_MS);
      attempts++;
      answer = await client.send(
        'POST',
        '/api/trade/orders',
        { token: order.trader.token, 'idempotency-key': key },
        order.body,
      );
      if (answer.status !== 0) break;
    }
    const ms = performance.now() - dueAt;
    if (answer.status !== 200) return { key, answer, ms, attempts };
    return { key, answer, ms, attempts, orderId: orderSchema.parse(answer.body?.data).id };
  };
  const interruption = during && sleep(during.atMs).then(during.run);
  let next = 0;
  while (next < orders.length) {
    const elapsed = performance.now() - started;
    const due = Math.min(orders.length, Math.floor((elapsed / windowMs) * orders.length) + 1);
    for (; next < due; next++) answers.push(send(orders[next]!, started + (next * windowMs) / orders.length));
    if (next < orders.length) await sleep(PACE_TICK_MS);
  }
  const [settled] = await Promise.all([Promise.all(answers), interruption]);
  return settled;
}
