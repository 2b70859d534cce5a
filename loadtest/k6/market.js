// @ts-check
/**
 * k6 scenario for the live market: each virtual user speaks Socket.IO (Engine.IO v4 over a
 * plain WebSocket), joins /market, subscribes 50 random symbols and measures latency from
 * the feed's publish time (`ts`) to receipt.
 *
 *   k6 run -e BASE_URL=http://127.0.0.1:3000 -e VUS=500 -e DURATION=60s loadtest/k6/market.js
 *
 * Clocks: latency compares the server's clock with the load generator's, so run k6 on the
 * server's machine (or one synced by NTP).
 *
 * Every virtual user connects from the load generator's address: start the server under test
 * with SOCKET_MAX_PER_IP=0 (or above VUS), or all but the first 50 are refused.
 */
import { check, fail } from 'k6';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import ws from 'k6/ws';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const SYMBOLS_PER_USER = Number(__ENV.SYMBOLS || 50);
const SESSION_SECONDS = Number(__ENV.SESSION_SECONDS || 30);

export const options = {
  scenarios: {
    market: {
      executor: 'constant-vus',
      vus: Number(__ENV.VUS || 200),
      duration: __ENV.DURATION || '60s',
    },
  },
  thresholds: {
    quote_latency: ['p(95)<300', 'p(99)<400'],
    subscribe_failures: ['count==0'],
  },
};

const quoteLatency = new Trend('quote_latency', true);
const quotesReceived = new Counter('quotes_received');
const subscribeFailures = new Counter('subscribe_failures');

/** @returns {{ symbols: string[] }} */
export function setup() {
  const response = http.get(`${BASE_URL}/api/market/board?board=all&sort=turnover&order=desc`);
  const body = /** @type {{ code: number, data: { symbols: string[] } }} */ (response.json());
  if (response.status !== 200 || body.code !== 1) fail(`cannot list symbols: ${response.status}`);
  return { symbols: body.data.symbols };
}

/**
 * @param {string[]} all
 * @param {number} count
 */
function pick(all, count) {
  const chosen = new Set();
  while (chosen.size < Math.min(count, all.length)) chosen.add(all[Math.floor(Math.random() * all.length)]);
  return [...chosen];
}

/** Engine.IO v4 packet types and Socket.IO packet types, as they appear on the wire. */
const OPEN = '0';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
const NAMESPACE = '/market';

/** @param {{ symbols: string[] }} data */
export default function (data) {
  const url = `${BASE_URL.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const symbols = pick(data.symbols, SYMBOLS_PER_USER);

  const response = ws.connect(url, {}, (socket) => {
    socket.on('message', (raw) => {
      const message = String(raw);
      if (message === PING) return socket.send(PONG);
      if (message.startsWith(OPEN)) return socket.send(`${MESSAGE}0${NAMESPACE},`);
      // Socket.IO CONNECT acknowledged: subscribe with ack id 1.
      if (message.startsWith(`${MESSAGE}0${NAMESPACE},`)) {
        return socket.send(`${MESSAGE}2${NAMESPACE},1${JSON.stringify(['quotes:subscribe', { symbols }])}`);
      }
      if (message.startsWith(`${MESSAGE}3${NAMESPACE},1`)) {
        const [ack] = JSON.parse(message.slice(`${MESSAGE}3${NAMESPACE},1`.length));
        if (!check(ack, { 'subscribe acknowledged': (a) => a && a.ok === true })) subscribeFailures.add(1);
        return;
      }
      if (message.startsWith(`${MESSAGE}2${NAMESPACE},`)) {
        const [event, payload] = JSON.parse(message.slice(`${MESSAGE}2${NAMESPACE},`.length));
        if (event !== 'quotes') return;
        const now = Date.now();
        for (const quote of /** @type {{ ts: number }[]} */ (payload)) {
          quoteLatency.add(now - quote.ts);
          quotesReceived.add(1);
        }
      }
    });
    socket.setTimeout(() => socket.close(), SESSION_SECONDS * 1000);
  });
  check(response, { 'websocket upgraded': (r) => r && r.status === 101 });
}
