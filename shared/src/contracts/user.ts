import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { LOCALES } from '../i18n/locales.ts';
import { authenticationDetail } from './identity.ts';

/** Messages are i18n keys in the `errors` catalogue; the edge translates them. */
export const accountSchema = z
  .string({ message: 'auth.inputAccountPassword' })
  .trim()
  .min(1, { message: 'auth.inputAccountPassword' })
  .regex(/^[A-Za-z0-9_]{4,32}$/, { message: 'validation.account' });

export const passwordSchema = z
  .string({ message: 'auth.inputAccountPassword' })
  .min(1, { message: 'auth.inputAccountPassword' })
  .min(6, { message: 'validation.passwordMin' })
  .max(128, { message: 'validation.passwordMin' });

export const emailSchema = z
  .string({ message: 'validation.email' })
  .trim()
  .max(254)
  .email({ message: 'validation.email' });

/** A mainland mobile number (11 digits from 13x to 19x) or any E.164 number with its "+". */
export const mobileSchema = z
  .string({ message: 'validation.mobile' })
  .trim()
  .regex(/^(1[3-9]\d{9}|\+[1-9]\d{6,14})$/, { message: 'validation.mobile' });

const nameSchema = z
  .string({ message: 'validation.name' })
  .trim()
  .min(1, { message: 'validation.name' })
  .max(50, {
    message: 'validation.name',
  });

export const localeSchema = z.enum(LOCALES, { message: 'validation.language' });

/** What the client encrypts into `query` for login. */
export const loginCredentials = z.object({
  account: z
    .string({ message: 'auth.inputAccountPassword' })
    .trim()
    .min(1, { message: 'auth.inputAccountPassword' }),
  password: z
    .string({ message: 'auth.inputAccountPassword' })
    .min(1, { message: 'auth.inputAccountPassword' }),
});
export type LoginCredentials = z.infer<typeof loginCredentials>;

/** What the client encrypts into `query` for registration. */
export const registerCredentials = z.object({
  account: accountSchema,
  password: passwordSchema,
  username: nameSchema,
  givenName: nameSchema,
  email: emailSchema,
  mobile: mobileSchema,
  lang: localeSchema.optional(),
});
export type RegisterCredentials = z.infer<typeof registerCredentials>;

/**
 * Login and register bodies: base64 of RSA-OAEP(SHA-256) ciphertext of the credentials JSON.
 * JSON longer than one block (190 bytes for the 2048-bit key) is cut into 190-byte pieces,
 * each encrypted on its own, and the 256-byte blocks are sent concatenated.
 */
export const encryptedQuery = z.object({
  query: z
    .string({ message: 'auth.inputAccountPassword' })
    .min(1, { message: 'auth.inputAccountPassword' })
    .max(4096, { message: 'auth.queryUndecryptable' }),
});

/** The user's language as the spec's session state carries it. */
export const langSetting = z.object({ file_name: localeSchema, language_name: z.string() });

export const userInfo = z.object({
  id: z.string(),
  account: z.string(),
  username: z.string(),
  givenName: z.string(),
  email: z.string(),
  mobile: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  lang: langSetting,
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginResult = z.object({ userinfo: userInfo.extend({ token: z.string() }) });
export type LoginResult = z.infer<typeof loginResult>;

export const changePasswordBody = z
  .object({
    oldPassword: z.string({ message: 'validation.required' }).min(1, { message: 'validation.required' }),
    newPassword: passwordSchema,
  })
  .refine((b) => b.oldPassword !== b.newPassword, {
    message: 'validation.passwordSame',
    path: ['newPassword'],
  });

/**
 * The server's clock in ms since the epoch, read as it answers: the connection check measures
 * round trips with it and estimates the clock skew from the middle of each one.
 */
export const serverClockSchema = z.object({ serverTime: z.number().int().nonnegative() });
export type ServerClock = z.infer<typeof serverClockSchema>;

export const userRoutes = {
  pubkey: defineRoute({
    method: 'get',
    path: '/user/pubkey',
    summary: 'RSA public key (SPKI PEM) that login and register encrypt their credentials with',
    auth: 'public',
    response: z.object({ publicKey: z.string() }),
  }),
  register: defineRoute({
    method: 'post',
    path: '/user/register',
    summary: 'Create an account; answers like login',
    auth: 'public',
    body: encryptedQuery,
    response: loginResult,
  }),
  login: defineRoute({
    method: 'post',
    path: '/user/login',
    summary: 'Log in; rate-limited per account and per IP',
    auth: 'public',
    body: encryptedQuery,
    response: loginResult,
  }),
  logout: defineRoute({
    method: 'post',
    path: '/user/logout',
    summary: 'Revoke the current session token',
    auth: 'user',
    response: z.null(),
  }),
  info: defineRoute({
    method: 'get',
    path: '/user/info',
    summary: 'The logged-in user, with their language',
    auth: 'user',
    response: userInfo,
  }),
  setLang: defineRoute({
    method: 'post',
    path: '/user/lang',
    summary: "Save the user's language",
    auth: 'user',
    body: z.object({ lang: localeSchema }),
    response: z.object({ lang: langSetting }),
  }),
  changePassword: defineRoute({
    method: 'post',
    path: '/user/changePassword',
    summary:
      "Change the login password; other sessions are revoked; wrong old passwords count towards login's per-account lockout",
    auth: 'user',
    body: changePasswordBody,
    response: z.null(),
  }),
  editAvatar: defineRoute({
    method: 'post',
    path: '/user/editAvatar',
    summary: 'Upload an avatar image (PNG, JPEG or WebP, at most 2 MB) as multipart field "file"',
    auth: 'user',
    upload: {
      field: 'file',
      maxBytes: 2 * 1024 * 1024,
      mimeTypes: ['image/png', 'image/jpeg', 'image/webp'],
    },
    response: z.object({ avatarUrl: z.string() }),
  }),
  authenticationDetail: defineRoute({
    method: 'get',
    path: '/user/authenticationDetail',
    summary: 'Real-name verification status of the logged-in user',
    auth: 'user',
    response: authenticationDetail,
  }),
  config: defineRoute({
    method: 'get',
    path: '/stock/getconfig',
    summary: 'Client configuration: the customer-service URL',
    auth: 'public',
    response: z.object({ kf_url: z.string() }),
  }),
  health: defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Liveness of the database and Redis',
    auth: 'public',
    response: z.object({ db: z.enum(['ok', 'down']), redis: z.enum(['ok', 'down']) }),
  }),
  ping: defineRoute({
    method: 'get',
    path: '/ping',
    summary: "The server's clock: the connection check's round trip and clock skew",
    auth: 'public',
    response: serverClockSchema,
  }),
} as const;
