import { auditTopUp, topUpsInState } from '@bourse/core/store/topUps/topUps.ts';
import type { topUpRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

type R = typeof topUpRoutes;

export const adminTopUpsHandler: Handler<R['adminList']> = (ctx) => topUpsInState(ctx.app.db, ctx.query);

export const passTopUpHandler: Handler<R['adminPass']> = (ctx) =>
  auditTopUp(ctx.app.services.topUps, signedIn(ctx).userId, { outcome: 'pass', ...ctx.body });

export const refuseTopUpHandler: Handler<R['adminRefuse']> = (ctx) =>
  auditTopUp(ctx.app.services.topUps, signedIn(ctx).userId, { outcome: 'refuse', ...ctx.body });
