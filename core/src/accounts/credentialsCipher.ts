import { constants, createPublicKey, type KeyObject, privateDecrypt, publicEncrypt } from 'node:crypto';
import { DomainError } from '@bourse/shared';

const OAEP = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' } as const;
// RSA-OAEP with SHA-256 fits k − 2·32 − 2 bytes of plaintext in one block of k bytes.
const OAEP_OVERHEAD = 2 * 32 + 2;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function blockBytes(key: KeyObject): number {
  const bits = key.asymmetricKeyDetails?.modulusLength;
  if (!bits) throw new Error('not an RSA key');
  return bits / 8;
}

/**
 * Decrypts a login/register `query`: base64 of RSA-OAEP(SHA-256) ciphertext of a JSON object.
 * A payload longer than one block (190 bytes with a 2048-bit key) is sent as consecutive
 * blocks, each encrypted on its own; the common single-block case is the plain contract.
 */
export function decryptQuery(privateKey: KeyObject, query: string): Record<string, unknown> {
  if (query.length === 0 || !BASE64.test(query)) throw new DomainError('auth.queryNotBase64');
  const ciphertext = Buffer.from(query, 'base64');
  const size = blockBytes(privateKey);
  if (ciphertext.length === 0 || ciphertext.length % size !== 0)
    throw new DomainError('auth.queryUndecryptable');
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < ciphertext.length; offset += size) {
    try {
      blocks.push(privateDecrypt({ key: privateKey, ...OAEP }, ciphertext.subarray(offset, offset + size)));
    } catch {
      throw new DomainError('auth.queryUndecryptable');
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(blocks).toString('utf8'));
  } catch {
    throw new DomainError('auth.queryNotJson');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new DomainError('auth.queryNotJson');
  return parsed as Record<string, unknown>;
}

/** What a client does before login or register, given the SPKI PEM from /api/user/pubkey. */
export function encryptQuery(publicKeyPem: string, payload: unknown): string {
  return encryptText(publicKeyPem, JSON.stringify(payload));
}

/** Encrypts any text the way a client encrypts credentials, in as many blocks as it needs. */
export function encryptText(publicKeyPem: string, text: string): string {
  const key = createPublicKey(publicKeyPem);
  const plaintext = Buffer.from(text, 'utf8');
  const chunk = blockBytes(key) - OAEP_OVERHEAD;
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < plaintext.length; offset += chunk) {
    blocks.push(publicEncrypt({ key, ...OAEP }, plaintext.subarray(offset, offset + chunk)));
  }
  return Buffer.concat(blocks).toString('base64');
}
