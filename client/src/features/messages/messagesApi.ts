import { messageRoutes } from '@bourse/shared';
import { callApi } from '../../lib/http/client.ts';

export const PAGE_SIZE = 20;

export const fetchMessages = (page: number, signal?: AbortSignal) =>
  callApi(messageRoutes.list, { params: { page, pageSize: PAGE_SIZE }, signal });

export const fetchUnreadCount = (signal?: AbortSignal) =>
  callApi(messageRoutes.unreadCount, { signal, silent: true });

export const markMessageRead = (id: string) =>
  callApi(messageRoutes.markRead, { body: { id }, repeatSubmit: false });

export const markAllMessagesRead = () => callApi(messageRoutes.markAllRead);
