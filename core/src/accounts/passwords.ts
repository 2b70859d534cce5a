import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import argon2 from 'argon2';

/**
 * argon2 is meant to be costly (64 MiB and about 100 ms of a core per hash or verification), and
 * libuv would run four at once whatever the cores: one per core runs at once and the rest wait
 * their turn, so a burst of payments or logins (a flash sale's buyers paying together) cannot
 * crowd the event loop, and every other request, off the machine.
 */
const ARGON2_AT_ONCE = availableParallelism();
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, or is given up.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => argon2.hash(password, { type: argon2.argon2id }));
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against the stored hash. Without a user, it still verifies against a
 * dummy hash, so an unknown account takes as long to refuse as a wrong password.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash !== undefined) return inTurn(() => argon2.verify(hash, password));
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const dummy = await dummyHash;
  await inTurn(() => argon2.verify(dummy, password));
  return false;
}
