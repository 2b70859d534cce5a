import { createHash, randomBytes } from 'node:crypto';

export const SESSION_TTL_MS = 3 * 24 * 60 * 60 * 1000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url: what the client keeps in its Admin-Token cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256; a token is already 256 bits of entropy, so no salt is needed. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Cheap shape check that spares the database a lookup for obvious forgeries. */
export function looksLikeSessionToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}
