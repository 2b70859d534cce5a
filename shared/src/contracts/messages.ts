import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { pageQuery, pageResponse } from './paging.ts';

/**
 * Notices to one user from the back office's jobs and from trading. A message is stored as its
 * kind and plain-string parameters, never as text: the client words it in the reader's
 * language, so old messages follow a change of language too.
 */
export const MESSAGE_KINDS = [
  'ipoNumbers',
  'allotmentResult',
  'paymentDue',
  'paymentResult',
  'transferResult',
  'fill',
  'verificationResult',
  'blockTradeResult',
  'blockTradeSettlementFailed',
  'shipmentEvent',
  'priceAlert',
  'topUpResult',
  'withdrawalResult',
  'refundUpdate',
  'ordersExpired',
  'merchantResult',
  'complaintReply',
  'reviewReply',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Why back office refused a real-name verification; the client words each one. */
export const REAL_NAME_REFUSAL_REASONS = [
  'nameMismatch',
  'idNumberMismatch',
  'photoUnclear',
  'other',
] as const;
export type RealNameRefusalReason = (typeof REAL_NAME_REFUSAL_REASONS)[number];

/**
 * A stored message as the API and the /user `message` event carry it. `params` is checked
 * against its kind by the reader (messageParamsSchemas), so one odd message cannot break a list.
 */
export const messageSchema = z.object({
  id: z.uuid(),
  kind: z.enum(MESSAGE_KINDS),
  params: z.record(z.string(), z.string()),
  read: z.boolean(),
  createdAt: z.string(),
  /** Market time of what the message tells (ISO); equal to createdAt for real-world events such as bank transfers. */
  marketAt: z.string(),
});
export type MessageView = z.infer<typeof messageSchema>;

const unread = z.object({ unread: z.number().int() });

export const messageRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/messages',
    summary: "The user's messages, newest first",
    auth: 'user',
    query: z.object(pageQuery),
    response: pageResponse(messageSchema),
  }),
  unreadCount: defineRoute({
    method: 'get',
    path: '/messages/unreadCount',
    summary: 'How many messages of the user are unread',
    auth: 'user',
    response: unread,
  }),
  markRead: defineRoute({
    method: 'post',
    path: '/messages/read',
    summary: 'Mark one message read; answers the unread count after it',
    auth: 'user',
    body: z.object({ id: z.uuid({ message: 'message.notFound' }) }),
    response: unread,
  }),
  markAllRead: defineRoute({
    method: 'post',
    path: '/messages/readAll',
    summary: 'Mark every message of the user read',
    auth: 'user',
    response: unread,
  }),
} as const;
