import { withdrawalTerms } from '@bourse/core/store/withdrawals/withdrawals.ts';
import type { withdrawalRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

export const withdrawalTermsHandler: Handler<typeof withdrawalRoutes.terms> = (ctx) =>
  withdrawalTerms(ctx.app.services.withdrawals, signedIn(ctx).userId);
