import { userSummary } from '@bourse/core/support/chat.ts';
import type { supportRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const supportSummaryHandler: Handler<typeof supportRoutes.summary> = (ctx) =>
  userSummary(ctx.app.db, signedIn(ctx).userId);
