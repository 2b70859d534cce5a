// @ts-check
/**
 * k6 scenario for a burst at the open (issue 17 §2): BURST orders (5,000) started evenly over
 * WINDOW (1 s) by USERS signed-in accounts (1,000), each account's share interleaved with the
 * others' so every account sends across the whole window. Passes when every order is acknowledged
 * (none lost) within 2 s; the summary prints p(99) and max. The orders are orders.js's mix
 * (orderMix.js); setup splits each account's cash and sellable shares across the orders it will
 * send, so its orders in flight together never ask for more than it has.
 *
 *   pnpm exec tsx loadtest/orders/signUp.ts --url http://127.0.0.1:3000 --users 1000 > tokens.txt
 *   k6 run -e BASE_URLS=http://127.0.0.1:3000,http://127.0.0.1:3001 -e TOKENS=$PWD/tokens.txt \
 *     -e USERS=1000 -e BURST=5000 -e WAIT_FOR_OPEN=1 loadtest/k6/openBurst.js
 *
 * BASE_URLS are the server replicas (default BASE_URL); each order goes first to one in turn. An
 * order that got no HTTP answer (connection refused or reset, timeout) goes again, under the same
 * Idempotency-Key, to the next replica, up to 3 attempts: the server answers a key it has seen
 * with the order it made, so a retry cannot double an order.
 *
 * WAIT_FOR_OPEN=1 reads the accounts first, then polls the market's phase and starts the burst as
 * it moves into continuous trading (the open, or the reopening after lunch); without it the
 * market must be trading already. Setup is not measured.
 *
 * VUS (default BURST) is how many orders may await their answers at once: a virtual user waits
 * for its order's answer, and k6 drops an order due while all of them are waiting (the run then
 * fails on dropped_iterations). Fewer spare the load generator's memory when answers are fast.
 *
 * k6 sees only the answers: `pnpm bench:orders -- --burst 5000 …` is the Node harness that
 * measures the same burst on this machine, then checks the ledger for orders lost or doubled.
 */
import { fail, sleep } from 'k6';
import { scenario } from 'k6/execution';
import http from 'k6/http';
import { Counter, Rate, Trend } from 'k6/metrics';
import { BASE_URL, TOKENS } from './accounts.js';
import {
  cents,
  chooseSymbols,
  getJson,
  idempotencyKey,
  LOT,
  nextOrder,
  orderBody,
  readBands,
} from './orderMix.js';

const BURST = Number(__ENV.BURST || 5000);
const WINDOW = __ENV.WINDOW || '1s';
const USERS = Number(__ENV.USERS || 1000);
const VUS = Number(__ENV.VUS || BURST);
const SYMBOLS = Number(__ENV.SYMBOLS || 50);
const REPLICAS = (__ENV.BASE_URLS || BASE_URL).split(',').map((url) => url.trim());
const ATTEMPTS = 3;
/** As bench:orders: long enough that only a dead replica times out; a slow answer fails the latency threshold. */
const ATTEMPT_TIMEOUT_S = 10;
const WAIT_FOR_OPEN = __ENV.WAIT_FOR_OPEN === '1';
/** A demo trading day lasts 9 minutes: any phase reaches continuous trading within this wait. */
const OPEN_WAIT_S = Number(__ENV.OPEN_WAIT_S || 600);
const OPEN_POLL_S = 0.1;
/** The most orders one account sends: its cash and shares are split this many ways. */
const ORDERS_PER_USER = Math.ceil(BURST / USERS);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    openBurst: {
      executor: 'constant-arrival-rate',
      rate: BURST,
      timeUnit: WINDOW,
      duration: WINDOW,
      preAllocatedVUs: VUS,
      maxVUs: VUS,
      // Every attempt of the last order may run to its timeout: stopping sooner would lose it unseen.
      gracefulStop: `${ATTEMPTS * ATTEMPT_TIMEOUT_S + 5}s`,
    },
  },
  // The wait for the open, and two reads per account before it.
  setupTimeout: `${OPEN_WAIT_S + 600}s`,
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
  thresholds: {
    burst_order_latency: ['max<2000', 'p(99)<2000'],
    burst_orders_acknowledged: ['rate==1'],
    dropped_iterations: ['count==0'],
  },
};

/** From an order's first attempt to its final answer, a refusal included. */
const orderLatency = new Trend('burst_order_latency', true);
const ordersAcknowledged = new Rate('burst_orders_acknowledged');
const ordersRetried = new Counter('burst_orders_retried');
const ordersUnanswered = new Counter('burst_orders_unanswered');
const ordersRefused = new Counter('burst_orders_refused');

/** @typedef {{ cents: number, sellable: Record<string, number> }} UserShare One order's part of an account's cash (cents) and sellable shares. */
/** @typedef {{ symbols: string[], bands: Record<string, import('./orderMix.js').Band>, users: UserShare[] }} BurstData */

/** @param {string} baseUrl */
const phaseOf = (baseUrl) => /** @type {string} */ (getJson(baseUrl, '/api/market/status').phase);

/** Returns as the phase moves into continuous trading, so that the burst meets the open. @param {string} baseUrl */
function waitForOpen(baseUrl) {
  const deadline = Date.now() + OPEN_WAIT_S * 1000;
  let before = phaseOf(baseUrl);
  while (Date.now() < deadline) {
    sleep(OPEN_POLL_S);
    const now = phaseOf(baseUrl);
    if (now === 'continuous' && before !== 'continuous') return;
    before = now;
  }
  fail(`continuous trading did not begin within ${OPEN_WAIT_S} s`);
}

/** @returns {BurstData} */
export function setup() {
  if (TOKENS.length < USERS) fail(`TOKENS has ${TOKENS.length} accounts for ${USERS} users`);
  const [baseUrl] = REPLICAS;
  if (!WAIT_FOR_OPEN) {
    const phase = phaseOf(baseUrl);
    if (phase !== 'continuous') fail(`the market is in ${phase}, not continuous trading`);
  }
  const chosen = chooseSymbols(baseUrl, SYMBOLS);
  const traded = new Set(chosen);
  const users = TOKENS.slice(0, USERS).map((token) => {
    /** @type {Record<string, number>} */
    const sellable = {};
    for (const p of /** @type {{ symbol: string, sellableQuantity: number }[]} */ (
      getJson(baseUrl, '/api/trade/positions', token)
    )) {
      const lots = Math.floor(p.sellableQuantity / LOT / ORDERS_PER_USER);
      if (lots > 0 && traded.has(p.symbol)) sellable[p.symbol] = lots * LOT;
    }
    const available = cents(getJson(baseUrl, '/api/trade/account', token).available);
    return { cents: Math.floor(available / ORDERS_PER_USER), sellable };
  });
  if (WAIT_FOR_OPEN) waitForOpen(baseUrl);
  // Prices as trading begins; a symbol without a band by then is left out.
  const bands = readBands(baseUrl, chosen);
  return { symbols: chosen.filter((s) => bands.has(s)), bands: Object.fromEntries(bands), users };
}

/** @param {BurstData} data */
export default function (data) {
  const n = scenario.iterationInTest;
  // The last start can coincide with the window's end, and k6 may then run one more.
  if (n >= BURST) return;
  const user = n % USERS;
  const share = data.users[user];
  const order = nextOrder(data.symbols, new Map(Object.entries(data.bands)), {
    cents: share.cents,
    sellable: new Map(Object.entries(share.sellable)),
  });
  if (!order) fail(`account ${user + 1} of TOKENS cannot pay for one lot out of its share of the cash`);
  const body = orderBody(order);
  const params = {
    headers: { 'Content-Type': 'application/json', token: TOKENS[user], 'Idempotency-Key': idempotencyKey() },
    timeout: ATTEMPT_TIMEOUT_S * 1000,
  };
  const post = (/** @type {number} */ attempt) =>
    http.post(`${REPLICAS[(n + attempt) % REPLICAS.length]}/api/trade/orders`, body, params);
  // Date.now() around every attempt rather than the summed timings.duration, which leave out
  // connecting and the time a dead replica took to fail.
  const started = Date.now();
  let attempts = 1;
  let response = post(0);
  while (response.status === 0 && attempts < ATTEMPTS) {
    response = post(attempts);
    attempts++;
  }
  if (attempts > 1) ordersRetried.add(1);
  if (response.status === 0) {
    ordersUnanswered.add(1);
    ordersAcknowledged.add(false);
    return;
  }
  orderLatency.add(Date.now() - started);
  const acknowledged = response.status === 200 && response.json('code') === 1;
  ordersAcknowledged.add(acknowledged);
  if (!acknowledged) ordersRefused.add(1, { status: String(response.status) });
}
