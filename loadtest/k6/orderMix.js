// @ts-check
/**
 * The orders the k6 order scenarios send (orders.js, openBurst.js): bench:orders' mix of resting,
 * marketable and market orders (loadtest/orders/orderMix.ts), priced from the last price since the
 * HTTP quote has no book, within the cash and the sellable shares the caller allows. `open` runs
 * in k6's init context, where this module is loaded.
 */
import { fail } from 'k6';
import { randomBytes } from 'k6/crypto';
import http from 'k6/http';

/** Weights of each intent: bench:orders' mix. */
const MIX = Object.entries(
  /** @type {Record<string, number>} */ (JSON.parse(open('../orders/orderMix.json'))),
);
/** Highest limit-up price of a traded symbol, in cents: an order of 500 shares stays under 30,000 CNY. */
const MAX_LIMIT_UP_CENTS = 6000;
export const LOT = 100;

/** @typedef {{ symbol: string, price: string, limitUp: string | null, limitDown: string | null }} Quote */
/** @typedef {{ price: number, limitUp: number, limitDown: number }} Band */
/** What the next order may use: available cash in cents and sellable shares by symbol. @typedef {{ cents: number, sellable: Map<string, number> }} Budget */
/** @typedef {{ intent: string, symbol: string, side: 'buy' | 'sell', price: number | null, quantity: number }} Order */

/** @param {string} text "12.34" */
export const cents = (text) => Math.round(Number(text) * 100);
/** @param {number} value */
const decimal = (value) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
/** @param {number} from @param {number} to */
const between = (from, to) => from + Math.floor(Math.random() * (to - from + 1));

/** @param {string} baseUrl @param {string} path @param {string} [token] */
export function getJson(baseUrl, path, token) {
  const response = http.get(`${baseUrl}${path}`, token ? { headers: { token } } : {});
  const body = /** @type {{ code: number, data: any }} */ (response.json());
  if (response.status !== 200 || body.code !== 1) fail(`GET ${path}: ${response.status}`);
  return body.data;
}

/** @param {string} baseUrl @param {string[]} symbols @returns {Map<string, Band>} */
export function readBands(baseUrl, symbols) {
  const bands = new Map();
  for (const q of /** @type {Quote[]} */ (
    getJson(baseUrl, `/api/market/quotes?symbols=${symbols.join(',')}`)
  )) {
    if (q.limitUp === null || q.limitDown === null) continue;
    bands.set(q.symbol, { price: cents(q.price), limitUp: cents(q.limitUp), limitDown: cents(q.limitDown) });
  }
  return bands;
}

/** `count` main-board stocks with a band: the dearest of the 300 cheapest that stay under MAX_LIMIT_UP_CENTS. @param {string} baseUrl @param {number} count */
export function chooseSymbols(baseUrl, count) {
  const cheapest = /** @type {{ symbols: string[] }} */ (
    getJson(baseUrl, '/api/market/board?board=main&sort=price&order=asc')
  ).symbols
    .filter((s) => /^(60|00)/.test(s))
    .slice(0, 300);
  const bands = readBands(baseUrl, cheapest);
  const symbols = cheapest.filter((s) => {
    const band = bands.get(s);
    return band !== undefined && band.limitUp <= MAX_LIMIT_UP_CENTS;
  });
  if (symbols.length < count) fail(`only ${symbols.length} symbols qualify`);
  return symbols.slice(-count);
}

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

/**
 * An order of the mix on `symbols`, within `budget`: a sell of shares held (a buy when there are
 * none), or a buy the cash covers; null when it covers no lot (or the symbol drawn has no band).
 * @param {string[]} symbols @param {Map<string, Band>} bands @param {Budget} budget @returns {Order | null}
 */
export function nextOrder(symbols, bands, budget) {
  const intent = pickIntent();
  if (intent.endsWith('Sell')) {
    const held = [...budget.sellable].filter(([s, shares]) => shares >= LOT && bands.has(s));
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
  while (quantity >= LOT && cost(quantity) > budget.cents) quantity -= LOT;
  return quantity >= LOT ? { intent: buyIntent, symbol, side: 'buy', price, quantity } : null;
}

/** The POST /api/trade/orders body of an order. @param {Order} order */
export function orderBody(order) {
  const body = {
    symbol: order.symbol,
    side: order.side,
    type: order.price === null ? 'market' : 'limit',
    quantity: order.quantity,
  };
  return JSON.stringify(order.price === null ? body : { ...body, price: decimal(order.price) });
}

export function idempotencyKey() {
  return Array.from(new Uint8Array(randomBytes(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
