import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import type { ErrorKey } from '../errors.ts';
import { checkResidentId, normaliseResidentId, type ResidentIdProblem } from '../identity/residentId.ts';
import { shanghaiDate } from '../rules/dates.ts';
import { REAL_NAME_REFUSAL_REASONS } from './messages.ts';
import { pageQuery, pageResponse } from './paging.ts';

/**
 * Identity: real-name verification (name and resident ID, reviewed by back office or approved at
 * once in demo mode) and the payment password every money-out action asks for.
 */

export const REAL_NAME_STATUSES = ['pending', 'passed', 'refused'] as const;
export type RealNameStatus = (typeof REAL_NAME_STATUSES)[number];

/** The name as on the ID card: Chinese characters, with "·" between the parts of a minority name. */
export const realNameSchema = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .regex(/^\p{Script=Han}+(·\p{Script=Han}+)*$/u, { message: 'identity.nameInvalid' })
  .min(2, { message: 'identity.nameInvalid' })
  .max(30, { message: 'identity.nameInvalid' });

const RESIDENT_ID_ERRORS: Record<ResidentIdProblem, ErrorKey> = {
  format: 'identity.idNumberFormat',
  birthDate: 'identity.idNumberBirthDate',
  checkDigit: 'identity.idNumberCheckDigit',
};

/** An 18-character resident ID number (a final "x" is read as "X"), checked against today in Beijing. */
export const residentIdSchema = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .transform(normaliseResidentId)
  .superRefine((id, ctx) => {
    const result = checkResidentId(id, shanghaiDate(Date.now()));
    if (!result.ok) ctx.addIssue({ code: 'custom', message: RESIDENT_ID_ERRORS[result.problem] });
  });

export const realNameSubmission = z.object({ realName: realNameSchema, idNumber: residentIdSchema });
export type RealNameSubmission = z.infer<typeof realNameSubmission>;

/** The least age at which someone may open a securities account. */
export const REAL_NAME_MIN_AGE = 18;

export const authenticationDetail = z.object({
  status: z.enum(['none', ...REAL_NAME_STATUSES]),
  realName: z.string().nullable(),
  idNumberMasked: z.string().nullable(),
  /** Set when back office refused the latest request. */
  refusalReason: z.enum(REAL_NAME_REFUSAL_REASONS).nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type AuthenticationDetail = z.infer<typeof authenticationDetail>;

/** The detail of a user who has never asked for verification. */
export const NOT_VERIFIED: AuthenticationDetail = {
  status: 'none',
  realName: null,
  idNumberMasked: null,
  refusalReason: null,
  submittedAt: null,
  reviewedAt: null,
};

/** Exactly six digits: the spec's "digits only", at the length every payment keypad has. */
export const payPasswordSchema = z
  .string({ message: 'payPassword.required' })
  .min(1, { message: 'payPassword.required' })
  .regex(/^\d{6}$/, { message: 'payPassword.format' });

/**
 * Sets the payment password (old one empty, as none exists yet) or changes it (old one required,
 * new one different). The server knows which applies and refuses the other shape.
 */
export const setPayPasswordBody = z
  .object({
    oldPayPassword: z
      .string({ message: 'payPassword.format' })
      .regex(/^(\d{6})?$/, { message: 'payPassword.format' })
      .default(''),
    newPayPassword: payPasswordSchema,
    confirmPayPassword: z.string({ message: 'validation.passwordsMismatch' }),
  })
  .refine((b) => b.confirmPayPassword === b.newPayPassword, {
    message: 'validation.passwordsMismatch',
    path: ['confirmPayPassword'],
  })
  .refine((b) => b.oldPayPassword !== b.newPayPassword, {
    message: 'validation.passwordSame',
    path: ['newPayPassword'],
  });
export type SetPayPassword = z.infer<typeof setPayPasswordBody>;

export const payPasswordStatus = z.object({
  isSet: z.boolean(),
  /** While too many wrong entries keep it locked: until when (ISO 8601). */
  lockedUntil: z.string().nullable(),
});
export type PayPasswordStatus = z.infer<typeof payPasswordStatus>;

/** A verification request as back office reviews it: the full ID number, and whether a photo came with it. */
export const realNameReviewItem = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  account: z.string(),
  realName: z.string(),
  idNumber: z.string(),
  status: z.enum(REAL_NAME_STATUSES),
  refusalReason: z.enum(REAL_NAME_REFUSAL_REASONS).nullable(),
  hasPhoto: z.boolean(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type RealNameReviewItem = z.infer<typeof realNameReviewItem>;

const reviewedRequest = z.uuid({ message: 'identity.requestNotFound' });

/** Pass, or refuse with one of the reasons the user is shown. */
export const realNameReviewBody = z.discriminatedUnion(
  'decision',
  [
    z.object({ id: reviewedRequest, decision: z.literal('pass') }),
    z.object({
      id: reviewedRequest,
      decision: z.literal('refuse'),
      reason: z.enum(REAL_NAME_REFUSAL_REASONS, { message: 'identity.refusalReasonRequired' }),
    }),
  ],
  { message: 'common.validation' },
);
export type RealNameReview = z.infer<typeof realNameReviewBody>;

const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const identityRoutes = {
  submitRealName: defineRoute({
    method: 'post',
    path: '/user/realName',
    summary:
      'Submit name and resident ID for real-name verification, as JSON or as multipart with an optional photo (field "photo", PNG, JPEG or WebP, at most 5 MB)',
    auth: 'user',
    body: realNameSubmission,
    upload: { field: 'photo', maxBytes: 5 * 1024 * 1024, mimeTypes: PHOTO_TYPES },
    response: authenticationDetail,
  }),
  payPasswordStatus: defineRoute({
    method: 'get',
    path: '/user/payPassword',
    summary: 'Whether a payment password is set, and until when it is locked after wrong entries',
    auth: 'user',
    response: payPasswordStatus,
  }),
  setPayPassword: defineRoute({
    method: 'post',
    path: '/user/payPassword',
    summary: 'Set the payment password (old one empty) or change it (old one required)',
    auth: 'user',
    body: setPayPasswordBody,
    response: payPasswordStatus,
  }),
  reviewQueue: defineRoute({
    method: 'get',
    path: '/admin/realName',
    summary: 'Back office: verification requests, oldest first, by status (pending by default)',
    auth: 'admin',
    query: z.object({
      status: z.enum(REAL_NAME_STATUSES, { message: 'common.validation' }).default('pending'),
      ...pageQuery,
    }),
    response: pageResponse(realNameReviewItem),
  }),
  reviewPhoto: defineRoute({
    method: 'get',
    path: '/admin/realName/photo',
    summary: 'Back office: the photo sent with a verification request, base64',
    auth: 'admin',
    query: z.object({ id: z.uuid({ message: 'identity.requestNotFound' }) }),
    response: z.object({ mimeType: z.enum(PHOTO_TYPES), base64: z.string() }),
  }),
  review: defineRoute({
    method: 'post',
    path: '/admin/realName/review',
    summary: 'Back office: pass or refuse (with a reason) a pending verification request',
    auth: 'admin',
    body: realNameReviewBody,
    response: realNameReviewItem,
  }),
} as const;
