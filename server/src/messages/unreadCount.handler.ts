import type { messageRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { unreadCount } from './inbox.ts';

export const unreadCountHandler: Handler<typeof messageRoutes.unreadCount> = async (ctx) => ({
  unread: await unreadCount(ctx.app.db, signedIn(ctx).userId),
});
