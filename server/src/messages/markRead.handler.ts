import { markRead } from '@bourse/core/messages/inbox.ts';
import type { messageRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const markReadHandler: Handler<typeof messageRoutes.markRead> = async (ctx) => ({
  unread: await markRead(ctx.app.db, signedIn(ctx).userId, ctx.body.id),
});
