import { randomInt } from 'node:crypto';
import { maskResidentId, residentIdCheckChar } from '@bourse/shared';
import type { Redis } from 'ioredis';
import type { Db } from '../platform/database.ts';
import type { PayPasswordContext } from './payPassword.ts';
import { hashPayPassword, payPasswordPepper } from './payPasswordHash.ts';
import { payPasswords, realNameVerifications } from './schema.ts';

/** A random adult's date of birth, 1960–1999, so tests rarely share an ID number. */
function randomBirthDate(): string {
  return new Date(Date.UTC(1960, 0, 1 + randomInt(40 * 365))).toISOString().slice(0, 10);
}

/** A valid resident ID number born on `birthDate` (YYYY-MM-DD, random unless given), random sequence. */
export function sampleResidentId(birthDate = randomBirthDate()): string {
  const first17 = `110105${birthDate.replaceAll('-', '')}${String(randomInt(1000)).padStart(3, '0')}`;
  return first17 + residentIdCheckChar(first17);
}

/** Gives a user a passed real-name verification, as back office would. */
export async function verifyUser(db: Db, userId: string, realName = '李雷'): Promise<void> {
  const idNumber = sampleResidentId();
  await db.insert(realNameVerifications).values({
    userId,
    status: 'passed',
    realName,
    idNumber,
    idNumberMasked: maskResidentId(idNumber),
    reviewedAt: new Date(),
  });
}

/** Sets a user's payment password, as /payPwd would with no PAY_PASSWORD_PEPPER configured. */
export async function givePayPassword(db: Db, userId: string, payPassword = '135790'): Promise<void> {
  const hash = hashPayPassword(await payPasswordPepper(db, undefined), payPassword);
  await db.insert(payPasswords).values({ userId, hash });
}

/** The payment password's context of a test's services: no PAY_PASSWORD_PEPPER, so the database's pepper. */
export const testPayPasswordContext = (db: Db, redis: Redis, redisPrefix: string): PayPasswordContext => ({
  db,
  redis,
  redisPrefix,
  config: { payPasswordPepper: undefined },
});
