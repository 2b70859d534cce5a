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

async function selectKeys(db: Db): Promise<LoginKeys | undefined> {
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.id, LOGIN_KEY_ID));
  return row && { publicKeyPem: row.publicKey, privateKey: createPrivateKey(row.privateKey) };
}

/**
 * The login key pair, made on first start and kept in the database so every replica shares
 * it. Replicas racing on first start insert-if-absent, then all read the one that won.
 */
export async function ensureLoginKeys(db: Db): Promise<LoginKeys> {
  const existing = await selectKeys(db);
  if (existing) return existing;
  const pem = await generatePem();
  await db
    .insert(serverKeys)
    .values({ id: LOGIN_KEY_ID, publicKey: pem.publicKey, privateKey: pem.privateKey })
    .onConflictDoNothing();
  const stored = await selectKeys(db);
  if (!stored) throw new Error('login key pair was not stored');
  return stored;
}

/** Loads the key pair once per process; a failed load is retried on the next call. */
export function loginKeyStore(db: Db): () => Promise<LoginKeys> {
  let keys: Promise<LoginKeys> | undefined;
  return () => {
    keys ??= ensureLoginKeys(db).catch((err: unknown) => {
      keys = undefined;
      throw err;
    });
    return keys;
  };
}
