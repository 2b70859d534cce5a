import { unreadCount } from '@bourse/core/messages/inbox.ts';
import type { messageRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const unreadCountHandler: Handler<typeof messageRoutes.unreadCount> = async (ctx) => ({
  unread: await unreadCount(ctx.app.db, signedIn(ctx).userId),
});
