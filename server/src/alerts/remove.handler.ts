import { deleteAlert } from '@bourse/core/alerts';
import type { priceAlertRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { alertId } from './alertId.ts';

export const removeHandler: Handler<typeof priceAlertRoutes.remove> = (ctx) =>
  deleteAlert(ctx.app.services.alerts, signedIn(ctx).userId, alertId(ctx));
