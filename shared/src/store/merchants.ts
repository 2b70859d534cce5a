import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { pageQuery, pageResponse } from '../contracts/paging.ts';
import { STORE_CATEGORIES } from './categories.ts';
import { EVIDENCE_MAX_BYTES, EVIDENCE_TYPES } from './topUps.ts';

/**
 * Merchant entry (issue 14 §6): a signed-in user applies to open a shop (its name, category, a
 * contact phone or e-mail, a business licence image); back office approves it, which creates the
 * shop with the applicant as its owner, or refuses it with a reason. One open application per user.
 */

/** The audit states, with the words top-ups use. */
export const MERCHANT_STATES = ['auditing', 'passed', 'refuse'] as const;
export type MerchantState = (typeof MERCHANT_STATES)[number];
/** Why back office refused an application; the client words each one. */
export const MERCHANT_REFUSAL_REASONS = [
  'licenceUnclear',
  'licenceInvalid',
  'nameUnsuitable',
  'other',
] as const;
export type MerchantRefusalReason = (typeof MERCHANT_REFUSAL_REASONS)[number];

export const MAX_SHOP_NAME = 40;
export const MAX_MERCHANT_NOTE = 200;
/** A phone number as people type it (digits, spaces, dashes, a leading +), or an e-mail address. */
const PHONE_PATTERN = /^\+?[0-9][0-9 -]{5,19}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isMerchantContact = (value: string) =>
  value.length <= 120 && (PHONE_PATTERN.test(value) || EMAIL_PATTERN.test(value));

/** The text fields of the multipart form; the licence image comes beside them (field "licence"). */
export const merchantApplicationBody = z.object({
  shopName: z
    .string({ message: 'merchant.shopNameRequired' })
    .trim()
    .min(1, { message: 'merchant.shopNameRequired' })
    .max(MAX_SHOP_NAME, { message: 'merchant.shopNameTooLong' }),
  category: z.enum(STORE_CATEGORIES, { message: 'merchant.categoryRequired' }),
  contact: z
    .string({ message: 'merchant.contactRequired' })
    .trim()
    .min(1, { message: 'merchant.contactRequired' })
    .refine(isMerchantContact, { message: 'merchant.badContact' }),
});
export type MerchantApplicationRequest = z.infer<typeof merchantApplicationBody>;

export const merchantApplicationSchema = z.object({
  id: z.uuid(),
  shopName: z.string(),
  category: z.enum(STORE_CATEGORIES),
  contact: z.string(),
  state: z.enum(MERCHANT_STATES),
  reason: z.enum(MERCHANT_REFUSAL_REASONS).nullable(),
  /** Back office's words on deciding, if any. */
  note: z.string().nullable(),
  /** The shop approval opened. */
  shopId: z.number().int().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MerchantApplicationView = z.infer<typeof merchantApplicationSchema>;

/** As back office sees it: whose, where its licence is, and who decided it. */
export const adminMerchantApplicationSchema = merchantApplicationSchema.extend({
  account: z.string(),
  licenceUrl: z.string(),
  decidedBy: z.string().nullable(),
});
export type AdminMerchantApplicationView = z.infer<typeof adminMerchantApplicationSchema>;

/** The user's standing: their latest application, if any, and the shop they own, if any. */
export const merchantStatusSchema = z.object({
  application: merchantApplicationSchema.nullable(),
  shopId: z.number().int().nullable(),
});
export type MerchantStatus = z.infer<typeof merchantStatusSchema>;

const applicationId = z.string({ message: 'merchant.notFound' }).uuid({ message: 'merchant.notFound' });

export const merchantRoutes = {
  apply: defineRoute({
    method: 'post',
    path: '/store/merchant/applications',
    summary:
      'Apply to open a shop: multipart with shopName, category and contact (phone or e-mail) and a licence image (field "licence", PNG, JPEG or WebP, at most 5 MB, stored without its metadata); one open application per user; it waits for back office',
    auth: 'user',
    body: merchantApplicationBody,
    upload: { field: 'licence', maxBytes: EVIDENCE_MAX_BYTES, mimeTypes: EVIDENCE_TYPES },
    response: merchantApplicationSchema,
  }),
  status: defineRoute({
    method: 'get',
    path: '/store/merchant',
    summary: "The user's latest merchant application and the shop they own, if any",
    auth: 'user',
    response: merchantStatusSchema,
  }),
  adminList: defineRoute({
    method: 'get',
    path: '/admin/merchants',
    summary:
      'Merchant applications in one state (auditing by default), oldest first while auditing, newest first after',
    auth: 'admin',
    query: z.object({
      state: z.enum(MERCHANT_STATES, { message: 'common.validation' }).default('auditing'),
      ...pageQuery,
    }),
    response: pageResponse(adminMerchantApplicationSchema),
  }),
  adminApprove: defineRoute({
    method: 'post',
    path: '/admin/merchants/approve',
    summary:
      'Approve an auditing application: the shop is created with the applicant as its owner; once only',
    auth: 'admin',
    body: z.object({ id: applicationId }),
    response: adminMerchantApplicationSchema,
  }),
  adminRefuse: defineRoute({
    method: 'post',
    path: '/admin/merchants/refuse',
    summary: 'Refuse an auditing application with a reason; once only',
    auth: 'admin',
    body: z.object({
      id: applicationId,
      reason: z.enum(MERCHANT_REFUSAL_REASONS, { message: 'merchant.reasonRequired' }),
      note: z.string().trim().max(MAX_MERCHANT_NOTE, { message: 'merchant.noteTooLong' }).optional(),
    }),
    response: adminMerchantApplicationSchema,
  }),
} as const;
