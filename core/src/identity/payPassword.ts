import { DomainError, type PayPasswordStatus, payPasswordSchema, type SetPayPassword } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { PlatformContext } from '../platform/context.ts';
import type { Db } from '../platform/database.ts';
import { parseInput } from '../platform/validation.ts';
import { PayPasswordAttempts } from './payPasswordAttempts.ts';
import {
  hashPayPassword,
  payPasswordNeedsRehash,
  payPasswordPepper,
  verifyPayPassword,
} from './payPasswordHash.ts';
import { payPasswords } from './schema.ts';

/** What the payment password needs of the app: its hash in PostgreSQL, its attempt counter in Redis, the pepper's setting. */
export type PayPasswordContext = Pick<PlatformContext, 'db' | 'redis' | 'redisPrefix'> & {
  config: Pick<PlatformContext['config'], 'payPasswordPepper'>;
};

const pepperOf = (context: PayPasswordContext) =>
  payPasswordPepper(context.db, context.config.payPasswordPepper);

const attemptsOf = (context: PayPasswordContext) =>
  new PayPasswordAttempts(context.redis, context.redisPrefix);

async function storedHash(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ hash: payPasswords.hash })
    .from(payPasswords)
    .where(eq(payPasswords.userId, userId));
  return row?.hash;
}

/**
 * Checks an entry against the hash while not locked; a wrong one is counted, a right one
 * forgives, and a right one against a hash from before ADR 0040 is rehashed (in `hashDb`)
 * unless it is about to be replaced.
 */
async function verifyEntry(
  context: PayPasswordContext,
  userId: string,
  hash: string,
  readEntry: () => string,
  { replacing = false, hashDb = context.db } = {},
): Promise<void> {
  let entry = '';
  const pepper = await pepperOf(context);
  // The entry is read inside the attempt: a locked user hears so before anything about its shape.
  await attemptsOf(context).verify(userId, () => {
    entry = readEntry();
    return verifyPayPassword(pepper, hash, entry);
  });
  if (!replacing && payPasswordNeedsRehash(hash))
    await storeHash(hashDb, userId, hashPayPassword(pepper, entry));
}

async function storeHash(db: Db, userId: string, hash: string): Promise<void> {
  await db.update(payPasswords).set({ hash, updatedAt: new Date() }).where(eq(payPasswords.userId, userId));
}

/**
 * The gate of every money-out action: resolves when `payPassword` is the user's payment
 * password. Throws payPassword.notSet (the client offers 'Go Setting'), payPassword.locked
 * (until when), payPassword.required or payPassword.format (not counted), or payPassword.wrong
 * with the attempts left; the fifth wrong entry locks payments for 30 minutes.
 */
export async function checkPayPassword(
  context: PayPasswordContext,
  userId: string,
  payPassword: unknown,
  /** The caller's transaction, if it has one: the hash is read (and rehashed) there. */
  tx: Db = context.db,
): Promise<void> {
  const hash = await storedHash(tx, userId);
  if (hash === undefined) throw new DomainError('payPassword.notSet');
  await verifyEntry(context, userId, hash, () => parseInput(payPasswordSchema, payPassword), {
    hashDb: tx,
  });
}

export async function payPasswordStatus(
  context: PayPasswordContext,
  userId: string,
): Promise<PayPasswordStatus> {
  const [hash, lockedUntil] = await Promise.all([
    storedHash(context.db, userId),
    attemptsOf(context).lockedUntil(userId),
  ]);
  return { isSet: hash !== undefined, lockedUntil: lockedUntil?.toISOString() ?? null };
}

/**
 * Sets the first payment password (the old one must be empty) or changes it (the old one is
 * required and checked like any entry, wrong ones counted towards the lock).
 */
export async function setPayPassword(
  context: PayPasswordContext,
  userId: string,
  body: SetPayPassword,
): Promise<PayPasswordStatus> {
  const current = await storedHash(context.db, userId);
  if (current === undefined) {
    if (body.oldPayPassword !== '') throw new DomainError('payPassword.oldNotNeeded');
    const hash = hashPayPassword(await pepperOf(context), body.newPayPassword);
    const inserted = await context.db
      .insert(payPasswords)
      .values({ userId, hash })
      .onConflictDoNothing()
      .returning({ userId: payPasswords.userId });
    // Another request set one meanwhile: this one is now a change without the old password.
    if (inserted.length === 0) throw new DomainError('validation.required', { field: 'oldPayPassword' });
  } else {
    if (body.oldPayPassword === '') throw new DomainError('validation.required', { field: 'oldPayPassword' });
    await verifyEntry(context, userId, current, () => body.oldPayPassword, { replacing: true });
    await storeHash(context.db, userId, hashPayPassword(await pepperOf(context), body.newPayPassword));
  }
  return { isSet: true, lockedUntil: null };
}
