import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import {
  bankingRoutes,
  blockTradeRoutes,
  cashFundRoutes,
  complaintRoutes,
  fundRecordRoutes,
  identityRoutes,
  ipoRoutes,
  logisticsRoutes,
  marketRoutes,
  merchantRoutes,
  messageRoutes,
  passwordResetRoutes,
  priceAlertRoutes,
  pushRoutes,
  refundRoutes,
  reviewRoutes,
  sellerRoutes,
  shoppingRoutes,
  storeRoutes,
  supportDeskRoutes,
  supportRoutes,
  topUpRoutes,
  tradingRoutes,
  userRoutes,
  watchlistRoutes,
  withdrawalRoutes,
} from '@bourse/shared';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/testServer.ts';

describe.each(DB_KINDS)('GET /api/openapi.json on %s', (kind) => {
  const t = useTestServer(kind);

  it('lists every mounted route, and every listed route answers', async () => {
    const res = await fetch(`${t.baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m} ${path}`),
    );
    const contracts = [
      userRoutes,
      marketRoutes,
      tradingRoutes,
      identityRoutes,
      messageRoutes,
      bankingRoutes,
      cashFundRoutes,
      ipoRoutes,
      blockTradeRoutes,
      watchlistRoutes,
      storeRoutes,
      shoppingRoutes,
      logisticsRoutes,
      passwordResetRoutes,
      complaintRoutes,
      reviewRoutes,
      supportRoutes,
      supportDeskRoutes,
      priceAlertRoutes,
      pushRoutes,
      refundRoutes,
      fundRecordRoutes,
      topUpRoutes,
      withdrawalRoutes,
      merchantRoutes,
      sellerRoutes,
    ]
      .flatMap((routes) => Object.values(routes))
      .map((c) => `${c.method} /api${c.path}`.replace(/:(\w+)/g, '{$1}'));
    expect(listed.sort()).toEqual(contracts.sort());
    for (const entry of listed) {
      const [method = '', path = ''] = entry.split(' ');
      const answer = await fetch(`${t.baseUrl}${path}`, { method: method.toUpperCase() });
      // A handler may answer 404 for a resource ({list}, {id}); an unmounted route is common.notFound.
      const body = (await answer.json()) as { key?: string };
      expect(body.key, entry).not.toBe('common.notFound');
      expect(answer.status, entry).not.toBe(405);
    }
  });
});
