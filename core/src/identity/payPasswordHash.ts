import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from '../accounts/passwords.ts';
import { ensureKeyPair } from '../accounts/serverKeys.ts';
import type { Db } from '../platform/database.ts';

/**
 * The payment password's hash (docs/adr/0040): HMAC-SHA256 under a pepper kept outside the
 * table, over a per-user salt and the entry. A six-digit entry falls to an offline search at any
 * hash cost, so the cost bought nothing but CPU (57 ms per payment at argon2id's minimum); the
 * pepper is what a stolen table lacks, and the five-try lock guards the online side.
 */
const SCHEME = 'hmac-sha256';
const PEPPER_KEY_ID = 'pay-password-pepper';

const mac = (pepper: Buffer, salt: Buffer, entry: string) =>
  createHmac('sha256', pepper).update(salt).update(entry, 'utf8').digest();

export function hashPayPassword(pepper: Buffer, entry: string): string {
  const salt = randomBytes(16);
  return `${SCHEME}$${salt.toString('base64url')}$${mac(pepper, salt, entry).toString('base64url')}`;
}

/** Checks an entry; a hash from before ADR 0040 (argon2id) still verifies, and is then rehashed (payPasswordNeedsRehash). */
export async function verifyPayPassword(pepper: Buffer, hash: string, entry: string): Promise<boolean> {
  if (payPasswordNeedsRehash(hash)) return verifyPassword(hash, entry);
  const [, salt = '', expected = ''] = hash.split('$');
  const want = Buffer.from(expected, 'base64url');
  const actual = mac(pepper, Buffer.from(salt, 'base64url'), entry);
  return want.length === actual.length && timingSafeEqual(want, actual);
}

export const payPasswordNeedsRehash = (hash: string) => !hash.startsWith(`${SCHEME}$`);

const stored = new WeakMap<Db, Promise<Buffer>>();

/**
 * The pepper: PAY_PASSWORD_PEPPER when configured (production: the same secret on every replica
 * and worker, never in the database). Without it, one made on first start and kept in
 * server_keys, as the login key is: every replica agrees, but a stolen database then holds it
 * too, so the demo's payment passwords rest on the attempt lock alone.
 */
export function payPasswordPepper(db: Db, configured: string | undefined): Promise<Buffer> {
  if (configured !== undefined) return Promise.resolve(Buffer.from(configured, 'utf8'));
  let pepper = stored.get(db);
  if (!pepper) {
    pepper = ensureKeyPair(db, PEPPER_KEY_ID, async () => ({
      publicKey: '',
      privateKey: randomBytes(32).toString('base64url'),
    })).then((pair) => Buffer.from(pair.privateKey, 'utf8'));
    pepper.catch(() => stored.delete(db));
    stored.set(db, pepper);
  }
  return pepper;
}
