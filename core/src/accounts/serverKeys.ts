import { createPrivateKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { serverKeys } from '../db/schema.ts';
import type { Db } from '../platform/database.ts';

const LOGIN_KEY_ID = 'login-rsa-oaep-sha256';

export interface LoginKeys {
  /** SPKI PEM, handed to clients by GET /api/user/pubkey. */
  publicKeyPem: string;
  privateKey: KeyObject;
}

async function generatePem(): Promise<{ publicKey: string; privateKey: string }> {
  return promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicExponent: 0x10001,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

type StoredPair = { publicKey: string; privateKey: string };

async function selectPair(db: Db, id: string): Promise<StoredPair | undefined> {
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.id, id));
  return row && { publicKey: row.publicKey, privateKey: row.privateKey };
}

/**
 * A key pair made on first start and kept in the database (never in the repository) so every
 * replica shares it. Replicas racing on first start insert-if-absent, then all read the one that won.
 */
export async function ensureKeyPair(
  db: Db,
  id: string,
  make: () => Promise<StoredPair>,
): Promise<StoredPair> {
  const existing = await selectPair(db, id);
  if (existing) return existing;
  const made = await make();
  await db
    .insert(serverKeys)
    .values({ id, ...made })
    .onConflictDoNothing();
  const stored = await selectPair(db, id);
  if (!stored) throw new Error(`key pair ${id} was not stored`);
  return stored;
}

/** The login key pair (RSA-OAEP), made on first start. */
export async function ensureLoginKeys(db: Db): Promise<LoginKeys> {
  const pair = await ensureKeyPair(db, LOGIN_KEY_ID, generatePem);
  return { publicKeyPem: pair.publicKey, privateKey: createPrivateKey(pair.privateKey) };
}

/** Loads a value once per process; a failed load is retried on the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((err: unknown) => {
      value = undefined;
      throw err;
    });
    return value;
  };
}

/** Loads the login key pair once per process. */
export function loginKeyStore(db: Db): () => Promise<LoginKeys> {
  return loadOnce(() => ensureLoginKeys(db));
}
