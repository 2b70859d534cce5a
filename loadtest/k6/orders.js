// @ts-check
/**
 * k6 scenario for order placement: each virtual user is a signed-in account that places valid
 * limit and market orders over HTTP, as fast as the answers come, within the cash and the
 * sellable shares it has; latency is the POST's round trip. The same mix as `pnpm bench:orders`
 * (loadtest/orders/orderMix.ts), priced from the last price since the HTTP quote has no book.
 *
 * k6 cannot make the RSA-OAEP ciphertext registration takes, so the accounts come first:
 *
 *   pnpm exec tsx loadtest/orders/signUp.ts --url http://127.0.0.1:3000 --users 50 > tokens.txt
 *   k6 run -e BASE_URL=http://127.0.0.1:3000 -e TOKENS=$PWD/tokens.txt -e VUS=50 -e DURATION=60s loadtest/k6/orders.js
 *
 * One account per virtual user (each keeps its own account's figures): TOKENS needs at least
 * VUS lines. The market must be in continuous trading (a demo deployment trades around the clock).
 * Sells need shares bought on an earlier trading day (T+1): fresh accounts buy until the next one.
 */
import { check, fail, sleep } from 'k6';
import http from 'k6/http';
import { Counter, Rate, Trend } from 'k6/metrics';
import { BASE_URL, TOKENS } from './accounts.js';
import {
  cents,
  chooseSymbols,
  getJson,
  idempotencyKey,
  nextOrder,
  orderBody,
  readBands,
} from './orderMix.js';

const VUS = Number(__ENV.VUS || 50);
const SYMBOLS = Number(__ENV.SYMBOLS || 50);
/** Each virtual user reads the prices again after this many orders. */
const QUOTE_REFRESH_ORDERS = Number(__ENV.QUOTE_REFRESH_ORDERS || 20);

export const options = {
  scenarios: {
    orders: { executor: 'constant-vus', vus: VUS, duration: __ENV.DURATION || '60s' },
  },
  thresholds: {
    order_latency: ['p(99)<50'],
    orders_accepted: ['rate>0.99'],
  },
};

const orderLatency = new Trend('order_latency', true);
const ordersAccepted = new Rate('orders_accepted');
const ordersRefused = new Counter('orders_refused');

export function setup() {
  if (TOKENS.length < VUS) fail(`TOKENS has ${TOKENS.length} accounts for ${VUS} virtual users`);
  const status = getJson(BASE_URL, '/api/market/status');
  if (status.phase !== 'continuous') fail(`the market is in ${status.phase}, not continuous trading`);
  return { symbols: chooseSymbols(BASE_URL, SYMBOLS) };
}

/** This virtual user's account, read on its first iteration; its cash (in cents) is a lower bound, as in bench:orders. */
const account = { token: '', cents: -1, sellable: /** @type {Map<string, number>} */ (new Map()), placed: 0 };
/** @type {Map<string, import('./orderMix.js').Band>} */
let bands = new Map();

/** @param {{ symbols: string[] }} data */
export default function (data) {
  if (account.cents < 0) {
    account.token = TOKENS[(__VU - 1) % TOKENS.length];
    account.cents = cents(getJson(BASE_URL, '/api/trade/account', account.token).available);
    for (const p of /** @type {{ symbol: string, sellableQuantity: number }[]} */ (
      getJson(BASE_URL, '/api/trade/positions', account.token)
    ))
      account.sellable.set(p.symbol, p.sellableQuantity);
  }
  if (account.placed % QUOTE_REFRESH_ORDERS === 0) bands = readBands(BASE_URL, data.symbols);
  const order = nextOrder(data.symbols, bands, account);
  // Spent and sold out (or no price for the symbol drawn): wait rather than spin.
  if (!order) return void sleep(1);
  const response = http.post(`${BASE_URL}/api/trade/orders`, orderBody(order), {
    headers: {
      'Content-Type': 'application/json',
      token: account.token,
      'Idempotency-Key': idempotencyKey(),
    },
  });
  orderLatency.add(response.timings.duration);
  const accepted = check(response, { 'order accepted': (r) => r.status === 200 });
  ordersAccepted.add(accepted);
  account.placed++;
  if (!accepted) {
    ordersRefused.add(1, { status: String(response.status) });
    return;
  }
  const placed =
    /** @type {{ data: { status: string, quantity: number, filledQuantity: number, filledAmount: string, fees: string, frozenCash: string } }} */ (
      response.json()
    ).data;
  // As Trader.placed in bench:orders: what the order took from (or brought to) the available cash at once.
  const filled = cents(placed.filledAmount);
  const held = cents(placed.fees) + cents(placed.frozenCash);
  account.cents += order.side === 'buy' ? -(filled + held) : filled - held;
  if (order.side === 'buy') return;
  const open = placed.status === 'pending' || placed.status === 'partially_filled';
  const gone = open ? placed.quantity : placed.filledQuantity;
  account.sellable.set(order.symbol, (account.sellable.get(order.symbol) ?? 0) - gone);
}
