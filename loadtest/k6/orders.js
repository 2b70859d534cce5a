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
 *   k6 run -e BASE_URL=http://127.0.0.1:3000 -e TOKENS=tokens.txt -e VUS=50 -e DURATION=60s loadtest/k6/orders.js
 *
 * One account per virtual user (each keeps its own account's figures): TOKENS needs at least
 * VUS lines. The market must be in continuous trading (a demo deployment trades around the clock).
 * Sells need shares bought on an earlier trading day (T+1): fresh accounts buy until the next one.
 */
import { check, fail, sleep } from 'k6';
import { randomBytes } from 'k6/crypto';
import http from 'k6/http';
import { Counter, Rate, Trend } from 'k6/metrics';
import { BASE_URL, TOKENS } from './accounts.js';

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

/** Weights of each intent: bench:orders' mix. */
const MIX = Object.entries(
  /** @type {Record<string, number>} */ (JSON.parse(open('../orders/orderMix.json'))),
);
/** Highest limit-up price of a traded symbol, in cents: an order of 500 shares stays under 30,000 CNY. */
const MAX_LIMIT_UP_CENTS = 6000;
const LOT = 100;

/** @typedef {{ symbol: string, price: string, limitUp: string | null, limitDown: string | null }} Quote */
/** @typedef {{ price: number, limitUp: number, limitDown: number }} Band */

/** @param {string} text "12.34" */
const cents = (text) => Math.round(Number(text) * 100);
/** @param {number} value */
const decimal = (value) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
/** @param {number} from @param {number} to */
const between = (from, to) => from + Math.floor(Math.random() * (to - from + 1));

/** @param {string} path @param {string} [token] */
function getJson(path, token) {
  const response = http.get(`${BASE_URL}${path}`, token ? { headers: { token } } : {});
  const body = /** @type {{ code: number, data: any }} */ (response.json());
  if (response.status !== 200 || body.code !== 1) fail(`GET ${path}: ${response.status}`);
  return body.data;
}

/** @param {string[]} symbols @returns {Map<string, Band>} */
function readBands(symbols) {
  const bands = new Map();
  for (const q of /** @type {Quote[]} */ (getJson(`/api/market/quotes?symbols=${symbols.join(',')}`))) {
    if (q.limitUp === null || q.limitDown === null) continue;
    bands.set(q.symbol, { price: cents(q.price), limitUp: cents(q.limitUp), limitDown: cents(q.limitDown) });
  }
  return bands;
}

/** SYMBOLS main-board stocks with a band: the dearest of the 300 cheapest that stay under MAX_LIMIT_UP_CENTS. */
export function setup() {
  if (TOKENS.length < VUS) fail(`TOKENS has ${TOKENS.length} accounts for ${VUS} virtual users`);
  const status = getJson('/api/market/status');
  if (status.phase !== 'continuous') fail(`the market is in ${status.phase}, not continuous trading`);
  const cheapest = /** @type {{ symbols: string[] }} */ (
    getJson('/api/market/board?board=main&sort=price&order=asc')
  ).symbols
    .filter((s) => /^(60|00)/.test(s))
    .slice(0, 300);
  const bands = readBands(cheapest);
  const symbols = cheapest.filter((s) => {
    const band = bands.get(s);
    return band !== undefined && band.limitUp <= MAX_LIMIT_UP_CENTS;
  });
  if (symbols.length < SYMBOLS) fail(`only ${symbols.length} symbols qualify`);
  return { symbols: symbols.slice(-SYMBOLS) };
}

/** This virtual user's account, read on its first iteration; its cash (in cents) is a lower bound, as in bench:orders. */
const account = { token: '', cents: -1, sellable: /** @type {Map<string, number>} */ (new Map()), placed: 0 };
/** @type {Map<string, Band>} */
let bands = new Map();

function pickIntent() {
  let draw = Math.random() * MIX.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [intent, weight] of MIX) {
    draw -= weight;
    if (draw < 0) return intent;
  }
  return MIX[0][0];
}

/** A limit price inside the band and on the tick; null for a market order. @param {string} intent @param {Band} band */
function limitPrice(intent, band) {
  const clamp = (/** @type {number} */ c) => Math.min(band.limitUp, Math.max(band.limitDown, c));
  if (intent === 'restingBuy') return clamp(band.price - between(1, 10));
  if (intent === 'marketableBuy') return clamp(band.price + between(1, 3));
  if (intent === 'restingSell') return clamp(band.price + between(1, 10));
  if (intent === 'marketableSell') return clamp(band.price - between(1, 3));
  return null;
}

/** @param {string[]} symbols */
function nextOrder(symbols) {
  const intent = pickIntent();
  if (intent.endsWith('Sell')) {
    const held = [...account.sellable].filter(([s, shares]) => shares >= LOT && bands.has(s));
    if (held.length > 0) {
      const [symbol, shares] = held[Math.floor(Math.random() * held.length)];
      const price = limitPrice(intent, /** @type {Band} */ (bands.get(symbol)));
      const quantity = between(1, Math.min(5, Math.floor(shares / LOT))) * LOT;
      return { intent, symbol, side: 'sell', price, quantity };
    }
  }
  const buyIntent = intent.endsWith('Buy') ? intent : 'restingBuy';
  const symbol = symbols[Math.floor(Math.random() * symbols.length)];
  const band = bands.get(symbol);
  if (!band) return null;
  const price = limitPrice(buyIntent, band);
  // The amount at the worst price, plus commission (0.025%, at least 5 CNY) and transfer fee (0.001%), rounded up.
  const cost = (/** @type {number} */ shares) => {
    const amount = (price ?? band.limitUp) * shares;
    return amount + Math.max(500, Math.ceil(amount * 0.00025)) + Math.ceil(amount * 0.00001) + 1;
  };
  let quantity = between(1, 5) * LOT;
  while (quantity >= LOT && cost(quantity) > account.cents) quantity -= LOT;
  return quantity >= LOT ? { intent: buyIntent, symbol, side: 'buy', price, quantity } : null;
}

/** @param {{ symbols: string[] }} data */
export default function (data) {
  if (account.cents < 0) {
    account.token = TOKENS[(__VU - 1) % TOKENS.length];
    account.cents = cents(getJson('/api/trade/account', account.token).available);
    for (const p of /** @type {{ symbol: string, sellableQuantity: number }[]} */ (
      getJson('/api/trade/positions', account.token)
    ))
      account.sellable.set(p.symbol, p.sellableQuantity);
  }
  if (account.placed % QUOTE_REFRESH_ORDERS === 0) bands = readBands(data.symbols);
  const order = nextOrder(data.symbols);
  // Spent and sold out (or no price for the symbol drawn): wait rather than spin.
  if (!order) return void sleep(1);
  const body = {
    symbol: order.symbol,
    side: order.side,
    type: order.price === null ? 'market' : 'limit',
    quantity: order.quantity,
  };
  const key = Array.from(new Uint8Array(randomBytes(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const response = http.post(
    `${BASE_URL}/api/trade/orders`,
    JSON.stringify(order.price === null ? body : { ...body, price: decimal(order.price) }),
    { headers: { 'Content-Type': 'application/json', token: account.token, 'Idempotency-Key': key } },
  );
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
