import { createPublicKey } from 'node:crypto';
import { serverKeys } from '@bourse/core/db/schema.ts';
import { loadConfig } from '@bourse/core/platform/config.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { createAppContext } from '../platform/appContext.ts';
import { expectOk } from '../testing/expectations.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('GET /api/user/pubkey on %s', (kind) => {
  const t = useTestServer(kind);

  it('answers a 2048-bit RSA public key as SPKI PEM', async () => {
    const { publicKey } = expectOk(await t.api.get('/api/user/pubkey'), userRoutes.pubkey.response);
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const key = createPublicKey(publicKey);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('keeps the keys made on first start in the database', async () => {
    const { publicKey } = expectOk(await t.api.get('/api/user/pubkey'), userRoutes.pubkey.response);
    const rows = await t.database.db.select().from(serverKeys);
    // The login pair, the Web Push (VAPID) pair and the payment passwords' pepper, each made once.
    expect(rows.map((row) => row.id).sort()).toEqual([
      'login-rsa-oaep-sha256',
      'pay-password-pepper',
      'vapid-p256',
    ]);
    expect(rows.find((row) => row.id === 'login-rsa-oaep-sha256')?.publicKey).toBe(publicKey);
    // Another replica on the same database loads the same pair.
    const replica = createAppContext({
      config: loadConfig({}),
      database: t.database,
      redis: t.redis,
      redisPrefix: t.redisPrefix,
    });
    expect((await replica.loginKeys()).publicKeyPem).toBe(publicKey);
  });
});
