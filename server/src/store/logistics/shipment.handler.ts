import { shipmentOfUser } from '@bourse/core/store/logistics/shipments.ts';
import type { logisticsRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

export const shipmentHandler: Handler<typeof logisticsRoutes.shipment> = (ctx) =>
  shipmentOfUser(ctx.app.db, signedIn(ctx).userId, ctx.query.trackingNo);
