import { constants, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { DomainError } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { decryptQuery, encryptQuery } from './credentialsCipher.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
  type: 'spki',
  format: 'pem',
});

function keyOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof DomainError) return err.key;
    throw err;
  }
  throw new Error('expected a DomainError');
}

const oaep = (data: string) =>
  publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(data),
  );

describe('login query cipher', () => {
  it('round-trips a credentials object in one 256-byte block', () => {
    const query = encryptQuery(publicPem, { account: 'alice', password: 'secret1' });
    expect(Buffer.from(query, 'base64')).toHaveLength(256);
    expect(decryptQuery(privateKey, query)).toEqual({ account: 'alice', password: 'secret1' });
  });

  it('decrypts what any RSA-OAEP SHA-256 client produces', () => {
    const query = oaep('{"account":"bob","password":"p@ss—密码"}').toString('base64');
    expect(decryptQuery(privateKey, query)).toEqual({ account: 'bob', password: 'p@ss—密码' });
  });

  it('splits a payload longer than one block into blocks', () => {
    const payload = { account: 'alice', email: `${'a'.repeat(240)}@example.com`, note: '中文'.repeat(40) };
    const query = encryptQuery(publicPem, payload);
    expect(Buffer.from(query, 'base64').length).toBeGreaterThan(256);
    expect(decryptQuery(privateKey, query)).toEqual(payload);
  });

  it.each(['', 'not base64!', 'abc', 'YWJj\n', 'YW=J'])('rejects %j as not base64', (query) => {
    expect(keyOf(() => decryptQuery(privateKey, query))).toBe('auth.queryNotBase64');
  });

  it.each([
    ['random bytes', randomBytes(256).toString('base64')],
    ['a ciphertext for another key', encryptQuery(other.toString(), { account: 'a' })],
    ['a wrong length', randomBytes(100).toString('base64')],
  ])('rejects %s as undecryptable', (_, query) => {
    expect(keyOf(() => decryptQuery(privateKey, query))).toBe('auth.queryUndecryptable');
  });

  it.each(['hello', '[1,2]', '42', 'null'])('rejects plaintext %j as not a JSON object', (plain) => {
    expect(keyOf(() => decryptQuery(privateKey, oaep(plain).toString('base64')))).toBe('auth.queryNotJson');
  });
});
