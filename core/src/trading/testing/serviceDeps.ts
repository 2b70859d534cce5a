import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { users } from '../../db/schema.ts';
import type { Db } from '../../platform/database.ts';
import type { Outbox } from '../execution.ts';
import { redisMarketView } from '../marketView.ts';
import { type OrderPlacer, orderPlacer } from '../placeOrder.ts';
import type { TradingDeps } from '../tradingDeps.ts';

/**
 * Trading dependencies for service-level tests: the real market view, events kept in a list,
 * and an order placer of their own over them.
 */
export function serviceDeps(
  db: Db,
  redis: Redis,
  prefix: string,
): TradingDeps & { published: Outbox[]; orders: OrderPlacer } {
  const published: Outbox[] = [];
  const deps: TradingDeps = {
    db,
    market: redisMarketView(redis, prefix),
    events: { publish: (out) => void published.push(out) },
  };
  return { ...deps, published, orders: orderPlacer(deps) };
}

/** A user row for service-level tests (no password, never signs in). */
export async function createUser(db: Db): Promise<string> {
  const account = `t${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const [user] = await db
    .insert(users)
    .values({
      account,
      passwordHash: '-',
      username: 'T',
      givenName: 'T',
      email: `${account}@example.com`,
      mobile: '13800138000',
    })
    .returning({ id: users.id });
  return user!.id;
}
