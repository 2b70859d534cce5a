import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { pageQuery, pageResponse } from './paging.ts';
import { passwordSchema } from './user.ts';

/** A reset code's digits; it is mailed to the account's address and lives RESET_CODE_TTL_MINUTES. */
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_MINUTES = 15;

const resetAccount = z
  .string({ message: 'validation.account' })
  .trim()
  .regex(/^[A-Za-z0-9_]{4,32}$/, { message: 'validation.account' });

export const resetCodeSchema = z
  .string({ message: 'reset.codeFormat' })
  .trim()
  .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), { message: 'reset.codeFormat' });

export const forgotPasswordBody = z.object({ account: resetAccount });

export const resetPasswordBody = z
  .object({
    account: resetAccount,
    code: resetCodeSchema,
    password: passwordSchema,
    confirmPassword: z.string({ message: 'validation.passwordsMismatch' }),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: 'validation.passwordsMismatch',
    path: ['confirmPassword'],
  });

/** A mail the product sent, as the back office reads it in the outbox (no SMTP configured). */
export const outboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const passwordResetRoutes = {
  forgotPassword: defineRoute({
    method: 'post',
    path: '/user/forgotPassword',
    summary:
      "Mail a one-time reset code to the account's email; the same answer whether or not the account exists",
    auth: 'public',
    body: forgotPasswordBody,
    response: z.null(),
  }),
  resetPassword: defineRoute({
    method: 'post',
    path: '/user/resetPassword',
    summary:
      'Set a new password with a mailed code: single-use, expiring, attempt-limited; every session ends',
    auth: 'public',
    body: resetPasswordBody,
    response: z.null(),
  }),
  outbox: defineRoute({
    method: 'get',
    path: '/admin/outbox',
    summary: 'Mails kept in the local outbox (no SMTP configured), newest first',
    auth: 'admin',
    query: z.object(pageQuery),
    response: pageResponse(outboxMailSchema),
  }),
};
