import { alertsOf } from '@bourse/core/alerts';
import type { priceAlertRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const listHandler: Handler<typeof priceAlertRoutes.list> = (ctx) =>
  alertsOf(ctx.app.db, signedIn(ctx).userId);
