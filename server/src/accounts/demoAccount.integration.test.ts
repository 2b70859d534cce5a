import { seedDemoAccount } from '@bourse/core/accounts/demoAccount.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { tradingRoutes, userRoutes } from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { expectOk } from '../testing/expectations.ts';
import { withoutWrites } from '../testing/rows.ts';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('seedDemoAccount on %s', (kind) => {
  const t = useTestServer(kind);

  it('creates demo / demo123 once, however often it runs', async () => {
    expect(await seedDemoAccount(t.database)).toEqual({ account: 'demo', password: 'demo123' });
    await withoutWrites(t.database.db, () => seedDemoAccount(t.database));
    const { userinfo } = expectOk(await t.api.login('demo', 'demo123'), userRoutes.login.response);
    expect(userinfo.account).toBe('demo');
  });
});

describe.each(DB_KINDS)('seedDemoAccount in demo mode on %s', (kind) => {
  const t = useTestServer(kind);

  it('gives the demo account its starting cash once, as a deposit entry', async () => {
    await seedDemoAccount(t.database, { startingDeposit: '1000000.00' });
    await seedDemoAccount(t.database, { startingDeposit: '1000000.00' });
    const { userinfo } = expectOk(await t.api.login('demo', 'demo123'), userRoutes.login.response);
    const account = expectOk(
      await t.api.get('/api/trade/account', { token: userinfo.token }),
      tradingRoutes.account.response,
    );
    expect(account).toMatchObject({ available: '1000000.00', cash: '1000000.00', frozen: '0.00' });
  });
});
