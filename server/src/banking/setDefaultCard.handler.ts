import { setDefaultCard } from '@bourse/core/banking/cards.ts';
import type { bankingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const setDefaultCardHandler: Handler<typeof bankingRoutes.setDefaultCard> = async (ctx) =>
  setDefaultCard(ctx.app.db, signedIn(ctx).userId, ctx.body.id);
