import { withdrawalsOf } from '@bourse/core/store/withdrawals/withdrawals.ts';
import type { withdrawalRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

export const myWithdrawalsHandler: Handler<typeof withdrawalRoutes.mine> = (ctx) =>
  withdrawalsOf(ctx.app.db, signedIn(ctx).userId, ctx.query);
