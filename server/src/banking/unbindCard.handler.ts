import { unbindCard } from '@bourse/core/banking/cards.ts';
import type { bankingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const unbindCardHandler: Handler<typeof bankingRoutes.unbindCard> = async (ctx) =>
  unbindCard(ctx.app.db, signedIn(ctx).userId, ctx.body.id);
