import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { pageQuery, pageResponse } from '../contracts/paging.ts';

/** About one order of the shopper's, or about the platform itself. */
export const COMPLAINT_KINDS = ['order', 'platform'] as const;
export type ComplaintKind = (typeof COMPLAINT_KINDS)[number];
/** Open until back office replies (answered, which may be answered again) or closes it (closed: final); each reply arrives in messages. */
export const COMPLAINT_STATUSES = ['open', 'answered', 'closed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
/** What back office may set with a reply. */
export const COMPLAINT_REPLY_STATUSES = ['answered', 'closed'] as const;
export const MAX_COMPLAINT_REPLY_LENGTH = 1000;

export const MAX_COMPLAINT_LENGTH = 1000;
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;
const CERTIFICATE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const complaintBody = z
  .object({
    kind: z.enum(COMPLAINT_KINDS, { message: 'store.complaintKind' }),
    /** Required for an order complaint; the order module's id. */
    orderId: z.string().trim().max(64, { message: 'store.complaintOrderRequired' }).optional(),
    content: z
      .string({ message: 'store.complaintContentRequired' })
      .trim()
      .min(1, { message: 'store.complaintContentRequired' })
      .max(MAX_COMPLAINT_LENGTH, { message: 'store.complaintContentTooLong' }),
  })
  .refine((b) => b.kind === 'platform' || (b.orderId !== undefined && b.orderId !== ''), {
    message: 'store.complaintOrderRequired',
    path: ['orderId'],
  });

export const complaintSchema = z.object({
  id: z.uuid(),
  kind: z.enum(COMPLAINT_KINDS),
  orderId: z.string().nullable(),
  content: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  reply: z.string().nullable(),
  /** When back office last replied. */
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ComplaintView = z.infer<typeof complaintSchema>;

/** As back office lists them: whose, and the certificate's size and type. */
export const adminComplaintSchema = complaintSchema.extend({
  account: z.string(),
  certificateType: z.string(),
  certificateBytes: z.number().int(),
  /** The admin who last replied. */
  repliedBy: z.string().nullable(),
});
export type AdminComplaintView = z.infer<typeof adminComplaintSchema>;

export const complaintReplyBody = z.object({
  id: z.string({ message: 'complaint.notFound' }).uuid({ message: 'complaint.notFound' }),
  reply: z
    .string({ message: 'complaint.replyRequired' })
    .trim()
    .min(1, { message: 'complaint.replyRequired' })
    .max(MAX_COMPLAINT_REPLY_LENGTH, { message: 'complaint.replyTooLong' }),
  status: z.enum(COMPLAINT_REPLY_STATUSES, { message: 'complaint.statusRequired' }),
});
export type ComplaintReply = z.infer<typeof complaintReplyBody>;

export const complaintRoutes = {
  submit: defineRoute({
    method: 'post',
    path: '/store/complaints',
    summary:
      'File a complaint or suggestion about an order, or a platform complaint: multipart with content and a certificate image (field "certificate", PNG, JPEG or WebP, at most 5 MB)',
    auth: 'user',
    body: complaintBody,
    upload: { field: 'certificate', maxBytes: CERTIFICATE_MAX_BYTES, mimeTypes: CERTIFICATE_TYPES },
    response: complaintSchema,
  }),
  mine: defineRoute({
    method: 'get',
    path: '/store/complaints',
    summary: "The user's complaints, newest first",
    auth: 'user',
    query: z.object(pageQuery),
    response: pageResponse(complaintSchema),
  }),
  adminList: defineRoute({
    method: 'get',
    path: '/admin/complaints',
    summary: 'Every complaint, newest first, for back office',
    auth: 'admin',
    query: z.object(pageQuery),
    response: pageResponse(adminComplaintSchema),
  }),
  adminReply: defineRoute({
    method: 'post',
    path: '/admin/complaints/reply',
    summary:
      'Reply to a complaint and set it answered or closed; the author gets a message. A closed complaint takes no more replies',
    auth: 'admin',
    body: complaintReplyBody,
    response: adminComplaintSchema,
  }),
};
