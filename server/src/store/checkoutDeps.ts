import { orderFulfilmentQueue } from '@bourse/core/store/autoFulfilment.ts';
import type { CheckoutDeps } from '@bourse/core/store/checkout.ts';
import { orderExpiryQueue } from '@bourse/core/store/expiryQueue.ts';
import { StockGate } from '@bourse/core/store/stockGate.ts';
import type { AppContext } from '../platform/appContext.ts';

const deps = new WeakMap<AppContext, CheckoutDeps>();

/** The app's checkout dependencies, made on first use (one stock gate, one expiry and one fulfilment queue per app). */
export function checkoutDeps(app: AppContext): CheckoutDeps {
  let found = deps.get(app);
  if (!found) {
    found = {
      db: app.db,
      stockGate: new StockGate(app.redis, app.redisPrefix),
      payPassword: app,
      expiryQueue: orderExpiryQueue(app.redis, app.redisPrefix),
      orderTtlMs: app.config.storeOrderTtlMs,
      fulfilmentQueue: orderFulfilmentQueue(app.redis, app.redisPrefix),
      autoShipMs: app.config.storeAutoShipMs,
    };
    deps.set(app, found);
  }
  return found;
}
