import { describe, expect, it } from 'vitest';
import { hashPassword } from '../accounts/passwords.ts';
import { hashPayPassword, payPasswordNeedsRehash, verifyPayPassword } from './payPasswordHash.ts';

const pepper = Buffer.from('a pepper of at least 32 characters');

describe('the payment password hash (ADR 0040)', () => {
  it('verifies the entry it was made from and nothing else', async () => {
    const hash = hashPayPassword(pepper, '135790');
    expect(await verifyPayPassword(pepper, hash, '135790')).toBe(true);
    for (const wrong of ['135791', '13579', '1357900', '', '135790 '])
      expect(await verifyPayPassword(pepper, hash, wrong)).toBe(false);
  });

  it('needs the pepper: the same entry under another one does not verify', async () => {
    const hash = hashPayPassword(pepper, '135790');
    expect(await verifyPayPassword(Buffer.from('another pepper, 32 characters long'), hash, '135790')).toBe(
      false,
    );
  });

  it('salts each hash, so two users with one entry store different hashes', () => {
    expect(hashPayPassword(pepper, '135790')).not.toBe(hashPayPassword(pepper, '135790'));
  });

  it('refuses a damaged hash instead of throwing', async () => {
    const hash = hashPayPassword(pepper, '135790');
    expect(await verifyPayPassword(pepper, hash.slice(0, -4), '135790')).toBe(false);
    expect(await verifyPayPassword(pepper, 'hmac-sha256$', '135790')).toBe(false);
  });

  it('still verifies an argon2id hash from before, which then needs the new form', async () => {
    const old = await hashPassword('135790');
    expect(payPasswordNeedsRehash(old)).toBe(true);
    expect(await verifyPayPassword(pepper, old, '135790')).toBe(true);
    expect(await verifyPayPassword(pepper, old, '000000')).toBe(false);
    expect(payPasswordNeedsRehash(hashPayPassword(pepper, '135790'))).toBe(false);
  });
});
