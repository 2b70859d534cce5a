import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database in <repo>/data, demo mode and port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, demoMode: true, logLevel: 'info' });
    expect(config.dataDir).toBe(resolve(import.meta.dirname, '../../../data'));
    expect(config.clientDist).toBe(resolve(import.meta.dirname, '../../../client/dist'));
    // No external customer service: Me opens the in-app chat.
    expect(config.kfUrl).toBe('');
  });

  it('leaves demo mode off for a real database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(loadConfig({ DEMO_MODE: '0' }).demoMode).toBe(false);
  });

  it('approves real-name verification at once in demo mode unless told otherwise', () => {
    expect(loadConfig({}).realNameAutoApprove).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).realNameAutoApprove).toBe(false);
    expect(loadConfig({ REAL_NAME_AUTO_APPROVE: 'false' }).realNameAutoApprove).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/x', REAL_NAME_AUTO_APPROVE: '1' }).realNameAutoApprove,
    ).toBe(true);
  });

  it('compresses automatic shipping, receipt and the after-sale window in demo mode unless told', () => {
    const pick = (c: ReturnType<typeof loadConfig>) => [
      c.storeAutoShipMs,
      c.storeAutoReceiptMs,
      c.storeAfterSaleWindowMs,
    ];
    expect(pick(loadConfig({}))).toEqual([20_000, 120_000, 120_000]);
    expect(pick(loadConfig({ DATABASE_URL: 'postgres://db/x' }))).toEqual([
      3_600_000, 604_800_000, 604_800_000,
    ]);
    expect(
      pick(
        loadConfig({ STORE_AUTO_SHIP_MS: '5', STORE_AUTO_RECEIPT_MS: '6', STORE_AFTER_SALE_WINDOW_MS: '0' }),
      ),
    ).toEqual([5, 6, 0]);
    expect(() => loadConfig({ STORE_AUTO_SHIP_MS: '-1' })).toThrow(/STORE_AUTO_SHIP_MS/);
  });

  it('starts allotment batches on schedule unless back office is to start each', () => {
    expect(loadConfig({}).ipoAutoAllotment).toBe(true);
    expect(loadConfig({ IPO_AUTO_ALLOTMENT: 'false' }).ipoAutoAllotment).toBe(false);
    expect(() => loadConfig({ IPO_AUTO_ALLOTMENT: 'maybe' })).toThrow(/IPO_AUTO_ALLOTMENT/);
  });

  it('limits registrations per IP, 10 an hour unless told otherwise', () => {
    expect(loadConfig({}).registrationsPerIpPerHour).toBe(10);
    expect(loadConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '500' }).registrationsPerIpPerHour).toBe(500);
    expect(() => loadConfig({ REGISTRATIONS_PER_IP_PER_HOUR: '0' })).toThrow(/REGISTRATIONS_PER_IP_PER_HOUR/);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: 'memory://',
      KF_URL: 'https://kf.example/x',
      TRUST_PROXY: '2',
    });
    expect(config).toMatchObject({
      port: 0,
      dataDir: 'memory://',
      kfUrl: 'https://kf.example/x',
      trustProxy: 2,
    });
    expect(loadConfig({ DATA_DIR: 'var/db' }).dataDir).toBe(resolve(process.cwd(), 'var/db'));
  });

  it('takes REDIS_PREFIX as given, and leaves it unset for the derived one', () => {
    expect(loadConfig({}).redisPrefix).toBeUndefined();
    expect(loadConfig({ REDIS_PREFIX: 'bourse:' }).redisPrefix).toBe('bourse:');
  });

  it('caps socket connections per address and per session, 0 for no cap', () => {
    expect(loadConfig({})).toMatchObject({ socketMaxPerIp: 50, socketMaxPerSession: 10 });
    expect(loadConfig({ SOCKET_MAX_PER_IP: '0', SOCKET_MAX_PER_SESSION: '3' })).toMatchObject({
      socketMaxPerIp: 0,
      socketMaxPerSession: 3,
    });
    expect(() => loadConfig({ SOCKET_MAX_PER_IP: '-1' })).toThrow(/SOCKET_MAX_PER_IP/);
    expect(() => loadConfig({ SOCKET_MAX_PER_SESSION: 'many' })).toThrow(/SOCKET_MAX_PER_SESSION/);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '', DEMO_MODE: '' });
    expect(config).toMatchObject({ databaseUrl: undefined, port: 3000, demoMode: true });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ KF_URL: 'not a url' }, /KF_URL/],
    [{ DEMO_MODE: 'yes' }, /DEMO_MODE/],
    // A hash tag in the prefix would put every queue in one cluster slot.
    [{ REDIS_PREFIX: 'bourse:{a}:' }, /REDIS_PREFIX/],
    [{ REDIS_PREFIX: 'two words' }, /REDIS_PREFIX/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
