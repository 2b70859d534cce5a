import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/**
 * OWASP's argon2id minimum (19 MiB, two passes, one lane) for the six-digit payment password,
 * against node-argon2's default (64 MiB, three passes, four lanes) for login passwords: a
 * million possible entries fall to an offline search at either cost, so the five-try lock is the
 * real guard, and each payment no longer spends a third of a second of CPU (docs/adr/0039).
 */
const PAY_PASSWORD_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPayPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...PAY_PASSWORD_COST });
}

/** A payment password hashed at another cost (before ADR 0039): rehashed once it is entered right. */
export const payPasswordNeedsRehash = (hash: string) => argon2.needsRehash(hash, PAY_PASSWORD_COST);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against the stored hash. Without a user, it still verifies against a
 * dummy hash, so an unknown account takes as long to refuse as a wrong password.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash !== undefined) return argon2.verify(hash, password);
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await argon2.verify(await dummyHash, password);
  return false;
}
