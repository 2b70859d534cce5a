import { randomUUID } from 'node:crypto';
import { SAMPLE_ADDRESS } from '@bourse/core/store/testing.ts';
import { PNG } from '@bourse/core/testing/images.ts';
import { merchantRoutes, shoppingRoutes } from '@bourse/shared';
import { expectOk } from './expectations.ts';
import type { TestServer } from './testServer.ts';

const PAY_PASSWORD = '864213';

/**
 * A shopper with an address and a payment password, who checks out `quantity` of `specId` and
 * pays: one paid order. A new user, unless `buyer` (signed up, no address or password yet) is given.
 */
export async function paidStoreOrder(
  t: Pick<TestServer, 'api'>,
  specId: number,
  quantity: number,
  buyer?: { token: string; user: { id: string } },
) {
  const { token, user } = buyer ?? (await t.api.signUp());
  const address = expectOk(
    await t.api.post('/api/store/addresses', SAMPLE_ADDRESS, { token, lang: 'en' }),
    shoppingRoutes.addAddress.response,
  );
  await t.api.post(
    '/api/user/payPassword',
    { oldPayPassword: '', newPayPassword: PAY_PASSWORD, confirmPayPassword: PAY_PASSWORD },
    { token },
  );
  const checkout = expectOk(
    await t.api.post(
      '/api/store/checkout',
      { items: [{ specId, quantity }], addressId: address.id },
      { token, headers: { 'Idempotency-Key': randomUUID() } },
    ),
    shoppingRoutes.checkout.response,
  );
  const orderId = checkout.orders[0]!.id;
  expectOk(
    await t.api.post(
      '/api/store/pay',
      { orderIds: [orderId], payPassword: PAY_PASSWORD },
      { token, headers: { 'Idempotency-Key': randomUUID() } },
    ),
    shoppingRoutes.pay.response,
  );
  return { token, userId: user.id, orderId };
}

/** A new user whose merchant application back office (`adminToken`) approved: a seller with a shop. */
export async function storeSeller(t: Pick<TestServer, 'api'>, adminToken: string, shopName: string) {
  const { token } = await t.api.signUp();
  const body = new FormData();
  for (const [k, v] of Object.entries({ shopName, category: 'toys', contact: 'shop@example.com' }))
    body.append(k, v);
  body.append('licence', new Blob([PNG], { type: 'image/png' }), 'licence.png');
  const applied = expectOk(
    await t.api.request('POST', '/api/store/merchant/applications', { token, body }),
    merchantRoutes.apply.response,
  );
  const approved = expectOk(
    await t.api.post('/api/admin/merchants/approve', { id: applied.id }, { token: adminToken }),
    merchantRoutes.adminApprove.response,
  );
  return { token, shopId: approved.shopId ?? 0 };
}
