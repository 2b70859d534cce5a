import { listCards } from '@bourse/core/banking/cards.ts';
import type { bankingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const cardsHandler: Handler<typeof bankingRoutes.cards> = async (ctx) =>
  listCards(ctx.app.db, signedIn(ctx).userId);
