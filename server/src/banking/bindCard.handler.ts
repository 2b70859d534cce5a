import { bindCard } from '@bourse/core/banking/cards.ts';
import type { bankingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const bindCardHandler: Handler<typeof bankingRoutes.bindCard> = async (ctx) =>
  bindCard(ctx.app.db, signedIn(ctx).userId, ctx.body);
