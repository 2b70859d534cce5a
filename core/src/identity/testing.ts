import { randomInt } from 'node:crypto';
import { maskResidentId, residentIdCheckChar } from '@bourse/shared';
import { hashPayPassword } from '../accounts/passwords.ts';
import type { Db } from '../platform/database.ts';
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

/** Sets a user's payment password, as /payPwd would. */
export async function givePayPassword(db: Db, userId: string, payPassword = '135790'): Promise<void> {
  await db.insert(payPasswords).values({ userId, hash: await hashPayPassword(payPassword) });
}
