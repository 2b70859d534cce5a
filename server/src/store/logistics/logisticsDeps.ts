import { shipmentQueue } from '@bourse/core/store/logistics/shipmentQueue.ts';
import type { StartShipmentDeps } from '@bourse/core/store/logistics/shipments.ts';
import { carrierOf } from '@bourse/core/store/logistics/simulatedCarrier.ts';
import type { AppContext } from '../../platform/appContext.ts';

const deps = new WeakMap<AppContext, StartShipmentDeps>();

/** What the server's order module needs to start shipments, made once per app. */
export function logisticsDeps(app: AppContext): StartShipmentDeps {
  let found = deps.get(app);
  if (!found) {
    found = { db: app.db, carrier: carrierOf(app.config), queue: shipmentQueue(app.redis, app.redisPrefix) };
    deps.set(app, found);
  }
  return found;
}
