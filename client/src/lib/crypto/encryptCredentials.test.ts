import { beforeAll, describe, expect, it } from 'vitest';
import { decryptQuery, testKeyPair } from '../../test/rsa.ts';
import { encryptCredentials } from './encryptCredentials.ts';

let keys: Awaited<ReturnType<typeof testKeyPair>>;

const blocks = (query: string) => atob(query).length / 256;

beforeAll(async () => {
  keys = await testKeyPair();
});

describe('encryptCredentials', () => {
  it('gives one RSA block for short credentials that the private key opens', async () => {
    const credentials = { account: 'demo', password: 'demo123' };
    const query = await encryptCredentials(keys.pem, credentials);
    expect(blocks(query)).toBe(1);
    expect(await decryptQuery(query, keys.privateKey)).toEqual(credentials);
  });

  it('splits long credentials (over 190 bytes of UTF-8) into several blocks', async () => {
    const credentials = {
      account: 'a_rather_long_account_name_here',
      password: 'correct horse battery staple',
      username: '欧阳',
      givenName: '娜娜娜娜娜娜',
      email: 'someone.with.a.long.address@example-brokerage.com.cn',
      mobile: '+8613800138000',
      lang: 'zh-CN',
    };
    const query = await encryptCredentials(keys.pem, credentials);
    expect(blocks(query)).toBe(2);
    expect(await decryptQuery(query, keys.privateKey)).toEqual(credentials);
  });

  it('never sends the same ciphertext twice (OAEP is randomised)', async () => {
    const credentials = { account: 'demo', password: 'demo123' };
    expect(await encryptCredentials(keys.pem, credentials)).not.toBe(
      await encryptCredentials(keys.pem, credentials),
    );
  });
});
