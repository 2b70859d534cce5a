import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { transferSchema } from './banking.ts';
import { authenticationDetail } from './identity.ts';
import { conversationIdSchema, queueItemSchema, SUPPORT_QUEUES } from './support.ts';
import { orderSchema } from './trading.ts';

/*
 * The staff desk's routes, apart from support.ts: a conversation's context brings in the banking,
 * identity and trading contracts, and support.ts is on every logged-in start (the chat's badge).
 */

export const supportContextSchema = z.object({
  conversation: queueItemSchema,
  verification: authenticationDetail,
  recentOrders: z.array(orderSchema),
  recentTransfers: z.array(transferSchema),
});
export type SupportContext = z.infer<typeof supportContextSchema>;

export const supportDeskRoutes = {
  queue: defineRoute({
    method: 'get',
    path: '/admin/support/conversations',
    summary: 'Back office: conversations, latest first: unassigned, assigned to the caller, or all',
    auth: 'admin',
    query: z.object({
      queue: z.enum(SUPPORT_QUEUES, { message: 'common.validation' }).default('unassigned'),
      limit: z.coerce.number({ message: 'common.validation' }).int().min(1).max(100).default(50),
    }),
    response: z.array(queueItemSchema),
  }),
  assign: defineRoute({
    method: 'post',
    path: '/admin/support/assign',
    summary: 'Back office: take a conversation (assign it to the caller)',
    auth: 'admin',
    body: z.strictObject({ conversationId: conversationIdSchema }),
    response: queueItemSchema,
  }),
  context: defineRoute({
    method: 'get',
    path: '/admin/support/context',
    summary: "Back office: a conversation with its user's verification, recent orders and transfers",
    auth: 'admin',
    query: z.object({ conversationId: conversationIdSchema }),
    response: supportContextSchema,
  }),
} as const;
