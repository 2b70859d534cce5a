import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

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
