import { supportContext, supportQueue, takeConversation } from '@bourse/core/support/chat.ts';
import type { supportDeskRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const queueHandler: Handler<typeof supportDeskRoutes.queue> = (ctx) =>
  supportQueue(ctx.app.db, signedIn(ctx).userId, ctx.query.queue, ctx.query.limit);

export const assignHandler: Handler<typeof supportDeskRoutes.assign> = (ctx) =>
  takeConversation(ctx.app.services.support, signedIn(ctx).userId, ctx.body.conversationId);

export const contextHandler: Handler<typeof supportDeskRoutes.context> = (ctx) =>
  supportContext(ctx.app.db, ctx.query.conversationId);
