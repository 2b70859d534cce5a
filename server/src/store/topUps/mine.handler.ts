import { topUpsOf } from '@bourse/core/store/topUps/topUps.ts';
import type { topUpRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

export const myTopUpsHandler: Handler<typeof topUpRoutes.mine> = (ctx) =>
  topUpsOf(ctx.app.db, signedIn(ctx).userId, ctx.query);
