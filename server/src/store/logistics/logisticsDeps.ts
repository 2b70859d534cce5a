import type { AppContext } from '../../platform/appContext.ts';
import type { AppConfig } from '../../platform/config.ts';
import type { Carrier } from './carrier.ts';
import { shipmentQueue } from './shipmentQueue.ts';
import type { StartShipmentDeps } from './shipments.ts';
import { SimulatedCarrier } from './simulatedCarrier.ts';

/** The deployment's carrier: the simulated one until a real carrier's adapter is configured. */
export function carrierOf(config: Pick<AppConfig, 'carrierSeed' | 'logisticsTimeScale'>): Carrier {
  return new SimulatedCarrier({ seed: config.carrierSeed, timeScale: config.logisticsTimeScale });
}

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
