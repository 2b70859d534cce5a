// @ts-check
/**
 * k6 scenario for the storefront: each virtual user is a signed-in shopper who browses (home,
 * a category page, a product), then checks out one unit of an in-stock spec and pays for it
 * with the storefront balance; latency is each call's round trip, checkout-and-pay counted
 * whole. Sold-out and short-balance refusals are expected and counted apart from errors.
 *
 * k6 cannot make the RSA-OAEP ciphertext registration takes, so the accounts come first (a demo
 * deployment gives each 2,000.00 USD of storefront balance):
 *
 *   pnpm exec tsx loadtest/orders/signUp.ts --url http://127.0.0.1:3000 --users 50 > tokens.txt
 *   k6 run -e BASE_URL=http://127.0.0.1:3000 -e TOKENS=$PWD/tokens.txt -e VUS=50 -e DURATION=60s loadtest/k6/shop.js
 *
 * setup() gives each account an address and the payment password PAY_PASSWORD (default 135790)
 * if it has none.
 */
import { check, fail, sleep } from 'k6';
import { randomBytes } from 'k6/crypto';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import { BASE_URL, TOKENS } from './accounts.js';

const VUS = Number(__ENV.VUS || 50);
const PAY_PASSWORD = __ENV.PAY_PASSWORD || '135790';

export const options = {
  scenarios: {
    shop: { executor: 'constant-vus', vus: VUS, duration: __ENV.DURATION || '60s' },
  },
  thresholds: {
    browse_latency: ['p(95)<200'],
    purchase_latency: ['p(99)<500'],
    purchase_errors: ['count<1'],
  },
};

const browseLatency = new Trend('browse_latency', true);
const purchaseLatency = new Trend('purchase_latency', true);
const purchases = new Counter('purchases');
const refusals = new Counter('purchase_refusals');
const purchaseErrors = new Counter('purchase_errors');

const key = () =>
  Array.from(new Uint8Array(randomBytes(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** @param {string} token */
const headers = (token, extra = {}) => ({ headers: { 'Content-Type': 'application/json', token, ...extra } });

/** @param {string} path @param {string} token */
function getJson(path, token) {
  const res = http.get(`${BASE_URL}/api${path}`, headers(token));
  browseLatency.add(res.timings.duration);
  if (res.status !== 200) return null;
  return /** @type {any} */ (res.json()).data;
}

export function setup() {
  if (TOKENS.length < VUS) fail(`TOKENS has ${TOKENS.length} accounts for ${VUS} virtual users`);
  const address = {
    addressee: 'Load Test',
    mobile: '+1 415 555 0100',
    country: 'US',
    region: 'California',
    detail: '1 Market St, San Francisco',
    tag: 'home',
  };
  const accounts = TOKENS.slice(0, VUS).map((token) => {
    const list = /** @type {any} */ (http.get(`${BASE_URL}/api/store/addresses`, headers(token)).json()).data
      .items;
    const addressId =
      list.length > 0
        ? list[0].id
        : /** @type {any} */ (
            http.post(`${BASE_URL}/api/store/addresses`, JSON.stringify(address), headers(token)).json()
          ).data.id;
    // Refused when one is set already: the account keeps its own.
    http.post(
      `${BASE_URL}/api/user/payPassword`,
      JSON.stringify({ oldPayPassword: '', newPayPassword: PAY_PASSWORD, confirmPayPassword: PAY_PASSWORD }),
      headers(token),
    );
    return { token, addressId };
  });
  const categories = /** @type {any} */ (http.get(`${BASE_URL}/api/store/categories`).json()).data.items.map(
    (/** @type {{ key: string }} */ c) => c.key,
  );
  return { accounts, categories };
}

/** @param {{ accounts: { token: string, addressId: string }[], categories: string[] }} data */
export default function (data) {
  const account = data.accounts[(__VU - 1) % data.accounts.length];
  getJson('/store/home', account.token);
  const category = data.categories[Math.floor(Math.random() * data.categories.length)];
  const page = getJson(`/store/products?category=${category}&limit=20`, account.token);
  if (!page || page.items.length === 0) return;
  const product = getJson(
    `/store/product?id=${page.items[Math.floor(Math.random() * page.items.length)].id}`,
    account.token,
  );
  const spec = product?.specs.find((/** @type {any} */ s) => s.stock > 0);
  if (!spec) return;
  const started = Date.now();
  const created = http.post(
    `${BASE_URL}/api/store/checkout`,
    JSON.stringify({ items: [{ specId: spec.id, quantity: 1 }], addressId: account.addressId }),
    headers(account.token, { 'Idempotency-Key': key() }),
  );
  let ok = created.status === 200;
  if (ok) {
    const orderIds = /** @type {any} */ (created.json()).data.orders.map((/** @type {any} */ o) => o.id);
    const paid = http.post(
      `${BASE_URL}/api/store/pay`,
      JSON.stringify({ orderIds, payPassword: PAY_PASSWORD }),
      headers(account.token, { 'Idempotency-Key': key() }),
    );
    ok = paid.status === 200;
    if (!ok && paid.status >= 500) purchaseErrors.add(1);
    else if (!ok) refusals.add(1);
  } else if (created.status >= 500 || created.status === 0) purchaseErrors.add(1);
  else refusals.add(1);
  purchaseLatency.add(Date.now() - started);
  if (ok) purchases.add(1);
  check(created, { 'checkout answered': (r) => r.status === 200 || r.status === 409 || r.status === 400 });
  sleep(1);
}
