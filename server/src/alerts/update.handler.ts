import { updateAlert } from '@bourse/core/alerts';
import type { priceAlertRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { alertId } from './alertId.ts';

export const updateHandler: Handler<typeof priceAlertRoutes.update> = (ctx) =>
  updateAlert(ctx.app.services.alerts, signedIn(ctx).userId, alertId(ctx), ctx.body);
