import { randomUUID } from 'node:crypto';
import { type Database, loadConfig } from '@bourse/core/platform';
import {
  type Delivered,
  SimulatedCarrier,
  shipmentQueue,
  startShipment,
  storeShipmentEvents,
  storeShipments,
} from '@bourse/core/store/logistics';
import { createUser, DB_KINDS, openTestDatabase } from '@bourse/core/store/logistics/testing';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { SHIPMENT_EVENTS, shipmentJobIds } from '@bourse/shared';
import { eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeShipmentService } from './shipmentWorker.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// A journey takes 61–226 carrier hours: at this scale, 0.7–2.7 s.
const TIME_SCALE = 300_000;

describe.each(DB_KINDS)('the store-shipment worker on %s', (kind) => {
  const prefix = `test:${randomUUID()}:`;
  let database: Database;
  let redis: Redis;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  });
  afterAll(async () => {
    await deleteKeys(redis, prefix);
    redis.disconnect();
    await database.close();
  });

  it('delivers by delayed jobs, and a shipment whose job was lost by the sweep, each hooked once', async () => {
    const { db } = database;
    const carrier = new SimulatedCarrier({ seed: 'worker-test', timeScale: TIME_SCALE });
    const queue = shipmentQueue(redis, prefix);
    const deps = { db, carrier, queue };
    const userId = await createUser(db);
    const kept = await startShipment(deps, { orderId: randomUUID(), userId });
    const lost = await startShipment(deps, { orderId: randomUUID(), userId });
    await (await queue.getJob(shipmentJobIds.advance(lost.shipmentId)))?.remove();
    await queue.close();

    const delivered: Delivered[] = [];
    const running = await storeShipmentService({
      redisPrefix: prefix,
      carrier,
      sweepEveryMs: 300,
      onDelivered: async (_tx, d) => {
        delivered.push(d);
      },
    }).start({ config: loadConfig({}), database, redisUrl: REDIS_URL, redisPrefix: prefix });
    try {
      const ids = [kept.shipmentId, lost.shipmentId];
      await vi.waitFor(
        async () => {
          const rows = await db.select().from(storeShipments).where(inArray(storeShipments.id, ids));
          expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'delivered'));
        },
        { timeout: 20_000, interval: 50 },
      );
      for (const id of ids) {
        const events = await db
          .select({ event: storeShipmentEvents.event })
          .from(storeShipmentEvents)
          .where(eq(storeShipmentEvents.shipmentId, id));
        expect(events.map((e) => e.event).sort()).toEqual([...SHIPMENT_EVENTS].sort());
      }
      expect(delivered.map((d) => d.shipmentId).sort()).toEqual([...ids].sort());
    } finally {
      await running.stop();
    }
  });
});
