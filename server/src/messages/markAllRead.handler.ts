import { markAllRead } from '@bourse/core/messages/inbox.ts';
import type { messageRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const markAllReadHandler: Handler<typeof messageRoutes.markAllRead> = async (ctx) => ({
  unread: await markAllRead(ctx.app.db, signedIn(ctx).userId),
});
