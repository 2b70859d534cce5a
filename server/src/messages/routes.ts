import { messageRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { listHandler } from './list.handler.ts';
import { markAllReadHandler } from './markAllRead.handler.ts';
import { markReadHandler } from './markRead.handler.ts';
import { unreadCountHandler } from './unreadCount.handler.ts';

/** /api/messages: the user's notices, their unread count, and marking them read. */
export const messageRoutes = [
  route(contracts.list, listHandler),
  route(contracts.unreadCount, unreadCountHandler),
  route(contracts.markRead, markReadHandler),
  route(contracts.markAllRead, markAllReadHandler),
];
