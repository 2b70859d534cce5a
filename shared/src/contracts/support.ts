import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { LOCALES } from '../i18n/locales.ts';

/**
 * Customer service (issue 16 §3): one conversation per user with the back office, over the
 * /user socket. Each message has its conversation's next sequence number, so a client that
 * reconnects asks for what came after the last one it holds and misses nothing
 * (docs/adr/0027-customer-service-chat.md).
 */

export const MAX_SUPPORT_TEXT = 1000;
export const SUPPORT_PICTURE_MAX_BYTES = 3 * 1024 * 1024;
export const SUPPORT_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** How many messages one sync answers; the client asks again while `more`. */
export const SUPPORT_SYNC_PAGE = 100;
export const SUPPORT_AUTHORS = ['user', 'staff'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];
export const SUPPORT_QUEUES = ['unassigned', 'mine', 'all'] as const;
export type SupportQueue = (typeof SUPPORT_QUEUES)[number];

/** /user events of the chat: the user's (`support:*`) and the staff desk's (`support:desk:*`). */
export const SUPPORT_EVENTS = {
  /** Client to server. */
  send: 'support:send',
  sync: 'support:sync',
  read: 'support:read',
  deskSend: 'support:desk:send',
  deskSync: 'support:desk:sync',
  deskRead: 'support:desk:read',
  /** Server to client: to the user's room. */
  message: 'support:message',
  receipt: 'support:receipt',
  /** Server to client: to every staff socket. */
  deskMessage: 'support:desk:message',
  deskReceipt: 'support:desk:receipt',
  deskAssigned: 'support:desk:assigned',
} as const;

export const supportMessageSchema = z.object({
  seq: z.number().int().min(1),
  author: z.enum(SUPPORT_AUTHORS),
  text: z.string().nullable(),
  /** The picture's URL (owner and staff only), or null for text. */
  pictureUrl: z.string().nullable(),
  /** The client's key of the message: a send repeated after a reconnect is the same message. */
  clientKey: z.uuid(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

const seq = z
  .number({ message: 'support.badSeq' })
  .int({ message: 'support.badSeq' })
  .min(0, { message: 'support.badSeq' })
  .max(2_147_483_647, { message: 'support.badSeq' });
const clientKey = z.uuid({ message: 'support.badClientKey' });
const text = z
  .string({ message: 'support.textRequired' })
  .trim()
  .min(1, { message: 'support.textRequired' })
  .max(MAX_SUPPORT_TEXT, { message: 'support.textTooLong' });
export const conversationIdSchema = z.uuid({ message: 'support.conversationNotFound' });

export const supportSendSchema = z.strictObject({ text, clientKey });
export const supportSyncSchema = z.strictObject({ afterSeq: seq });
export const supportReadSchema = z.strictObject({ seq });
export const deskSendSchema = supportSendSchema.extend({ conversationId: conversationIdSchema });
export const deskSyncSchema = supportSyncSchema.extend({ conversationId: conversationIdSchema });
export const deskReadSchema = supportReadSchema.extend({ conversationId: conversationIdSchema });

/** Who has read up to where: each side's last seq read. */
export const supportReceiptSchema = z.object({
  userReadSeq: z.number().int(),
  staffReadSeq: z.number().int(),
});
export type SupportReceipt = z.infer<typeof supportReceiptSchema>;

export const supportSyncReplySchema = supportReceiptSchema.extend({
  /** After `afterSeq`, in order, at most SUPPORT_SYNC_PAGE. */
  messages: z.array(supportMessageSchema),
  more: z.boolean(),
});
export type SupportSyncReply = z.infer<typeof supportSyncReplySchema>;

const agentSchema = z.object({ id: z.uuid(), account: z.string() }).nullable();

export const deskMessageEventSchema = z.object({ conversationId: z.uuid(), message: supportMessageSchema });
export const deskReceiptEventSchema = supportReceiptSchema.extend({ conversationId: z.uuid() });
export const deskAssignedEventSchema = z.object({ conversationId: z.uuid(), agent: agentSchema });

/** /user requests of the chat, client to server: what each carries and what its ack's data is. */
export const supportRequests = {
  [SUPPORT_EVENTS.send]: { payload: supportSendSchema, reply: supportMessageSchema },
  [SUPPORT_EVENTS.sync]: { payload: supportSyncSchema, reply: supportSyncReplySchema },
  [SUPPORT_EVENTS.read]: { payload: supportReadSchema, reply: supportReceiptSchema },
  [SUPPORT_EVENTS.deskSend]: { payload: deskSendSchema, reply: supportMessageSchema },
  [SUPPORT_EVENTS.deskSync]: { payload: deskSyncSchema, reply: supportSyncReplySchema },
  [SUPPORT_EVENTS.deskRead]: { payload: deskReadSchema, reply: supportReceiptSchema },
} as const;
export type SupportRequest = keyof typeof supportRequests;

/** /user events of the chat, server to client. */
export const supportEventSchemas = {
  [SUPPORT_EVENTS.message]: supportMessageSchema,
  [SUPPORT_EVENTS.receipt]: supportReceiptSchema,
  [SUPPORT_EVENTS.deskMessage]: deskMessageEventSchema,
  [SUPPORT_EVENTS.deskReceipt]: deskReceiptEventSchema,
  [SUPPORT_EVENTS.deskAssigned]: deskAssignedEventSchema,
} as const;

export const supportSummarySchema = z.object({
  /** Staff messages after the user's last read. */
  unread: z.number().int(),
  lastSeq: z.number().int(),
});

export const queueItemSchema = z.object({
  conversationId: z.uuid(),
  account: z.string(),
  agent: agentSchema,
  /** The language the user last wrote in: canned replies default to it. */
  locale: z.enum(LOCALES),
  lastSeq: z.number().int(),
  lastMessage: supportMessageSchema.nullable(),
  /** User messages after the staff's last read. */
  unread: z.number().int(),
  staffReadSeq: z.number().int(),
  userReadSeq: z.number().int(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const supportRoutes = {
  summary: defineRoute({
    method: 'get',
    path: '/support/summary',
    summary: "The user's customer-service chat: unread staff messages and the last sequence number",
    auth: 'user',
    response: supportSummarySchema,
  }),
  picture: defineRoute({
    method: 'post',
    path: '/support/pictures',
    summary:
      'Send a picture into the chat: multipart with clientKey and one picture (field "picture", PNG, JPEG or WebP, at most 3 MB, stored without its metadata)',
    auth: 'user',
    body: z.object({ clientKey }),
    upload: { field: 'picture', maxBytes: SUPPORT_PICTURE_MAX_BYTES, mimeTypes: SUPPORT_PICTURE_TYPES },
    response: supportMessageSchema,
  }),
} as const;
