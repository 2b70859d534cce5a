import { randomUUID } from 'node:crypto';
import { redisMessagePublisher } from '@bourse/core/messages/publisher.ts';
import { messages } from '@bourse/core/messages/schema.ts';
import { storeShipmentEvents, storeShipments } from '@bourse/core/store/logistics/schema.ts';
import { redisShipmentPublisher } from '@bourse/core/store/logistics/shipmentPublisher.ts';
import { shipmentQueue } from '@bourse/core/store/logistics/shipmentQueue.ts';
import {
  advanceShipment,
  type Delivered,
  type LogisticsDeps,
  startShipment,
  sweepShipments,
} from '@bourse/core/store/logistics/shipments.ts';
import { SimulatedCarrier } from '@bourse/core/store/logistics/simulatedCarrier.ts';
import type { ApiResponse } from '@bourse/core/testing/api.ts';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import {
  type ErrorKey,
  logisticsRoutes,
  SHIPMENT_EVENTS,
  shipmentJobIds,
  USER_EVENTS,
  userEventSchemas,
} from '@bourse/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectOk, expectRefused } from '../../testing/expectations.ts';
import { useTestServer } from '../../testing/testServer.ts';
import { listenOnUser } from '../../testing/userSocket.ts';

const HOUR = 3_600_000;

describe.each(DB_KINDS)('store logistics on %s', (kind) => {
  const t = useTestServer(kind);
  const sockets: Socket[] = [];
  let clock = new Date('2026-11-27T08:00:00Z');
  const delivered: Delivered[] = [];
  let deps: LogisticsDeps;
  const carrier = new SimulatedCarrier({ seed: 'logistics-test', timeScale: 1 });

  beforeAll(() => {
    deps = {
      db: t.database.db,
      carrier,
      queue: shipmentQueue(t.redis, t.redisPrefix),
      messages: redisMessagePublisher(t.redis, t.redisPrefix),
      shipments: redisShipmentPublisher(t.redis, t.redisPrefix),
      onDelivered: async (tx, d) => {
        // The hook writes with the caller's transaction: prove it is one by reading the event just recorded.
        const [row] = await tx
          .select()
          .from(storeShipmentEvents)
          .where(eq(storeShipmentEvents.shipmentId, d.shipmentId));
        if (row) delivered.push(d);
      },
      now: () => clock,
    };
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await deps.queue.close();
  });

  const shipment = (trackingNo: string, token?: string, lang = 'en') =>
    t.api.get(`/api/store/logistics?trackingNo=${encodeURIComponent(trackingNo)}`, { token, lang });
  const refused = (send: () => Promise<ApiResponse>, key: ErrorKey) =>
    expectRefused(t.database.db, send, key);

  async function listen(token: string) {
    const { socket, heard } = await listenOnUser(t.baseUrl, token, [
      USER_EVENTS.shipment,
      USER_EVENTS.message,
    ]);
    sockets.push(socket);
    return { shipments: heard.shipment, messages: heard.message };
  }

  it('carries an order from pickup to delivery: events, messages, live pushes and the order hook once', async () => {
    const { token, user } = await t.api.signUp();
    const heard = await listen(token);
    const orderId = randomUUID();
    const started = await startShipment(deps, { orderId, userId: user.id });
    expect(await startShipment(deps, { orderId, userId: user.id })).toEqual(started);
    const job = await deps.queue.getJob(shipmentJobIds.advance(started.shipmentId));
    const journey = carrier.journey({ trackingNo: started.trackingNo, handedOverAt: clock });
    // The first look waits for the pickup.
    expect(job?.opts.delay).toBe(journey[0]!.at.getTime() - clock.getTime());

    const fresh = expectOk(await shipment(started.trackingNo, token), logisticsRoutes.shipment.response);
    expect(fresh).toMatchObject({ trackingNo: started.trackingNo, orderId, status: 'created', events: [] });

    // Three milestones pass, then the rest.
    clock = journey[2]!.at;
    expect(await advanceShipment(deps, started.shipmentId)).toEqual({
      kind: 'waiting',
      nextCheckAt: journey[3]!.at,
      recorded: 3,
    });
    expect(await advanceShipment(deps, started.shipmentId)).toMatchObject({ kind: 'waiting', recorded: 0 });
    const midway = expectOk(await shipment(started.trackingNo, token), logisticsRoutes.shipment.response);
    expect(midway.status).toBe('exportCustoms');
    expect(midway.events.map((e) => e.event)).toEqual(['pickedUp', 'departedOrigin', 'exportCustoms']);
    expect(delivered).toEqual([]);

    clock = new Date(clock.getTime() + 30 * 24 * HOUR);
    expect(await advanceShipment(deps, started.shipmentId)).toEqual({ kind: 'delivered' });
    expect(await advanceShipment(deps, started.shipmentId)).toEqual({ kind: 'delivered' });
    const done = expectOk(await shipment(started.trackingNo, token), logisticsRoutes.shipment.response);
    expect(done.status).toBe('delivered');
    expect(done.events).toEqual(journey.map((e) => ({ event: e.event, at: e.at.toISOString() })));
    expect(delivered).toEqual([
      { orderId, userId: user.id, shipmentId: started.shipmentId, deliveredAt: journey[7]!.at },
    ]);

    const inbox = await t.database.db.select().from(messages).where(eq(messages.userId, user.id));
    expect(inbox.map((m) => m.params.event).sort()).toEqual([...SHIPMENT_EVENTS].sort());
    expect(inbox.every((m) => m.kind === 'shipmentEvent' && m.params.trackingNo === started.trackingNo)).toBe(
      true,
    );

    await expect.poll(() => heard.messages.length).toBe(SHIPMENT_EVENTS.length);
    await expect.poll(() => heard.shipments.length).toBe(2);
    const last = userEventSchemas.shipment.parse(heard.shipments.at(-1));
    expect(last).toEqual(done);
  });

  it('sweeps a shipment whose job was lost, and leaves one not yet due', async () => {
    const { user } = await t.api.signUp();
    clock = new Date('2026-12-01T08:00:00Z');
    const started = await startShipment(deps, { orderId: randomUUID(), userId: user.id });
    const jobId = shipmentJobIds.advance(started.shipmentId);
    await (await deps.queue.getJob(jobId))?.remove();
    expect(await deps.queue.getJob(jobId)).toBeUndefined();

    // Not due yet: the sweep leaves it.
    await sweepShipments(deps);
    expect(await deps.queue.getJob(jobId)).toBeUndefined();

    clock = new Date(clock.getTime() + 9 * HOUR);
    expect(await sweepShipments(deps)).toBeGreaterThanOrEqual(1);
    const job = await deps.queue.getJob(jobId);
    expect(job?.data).toEqual({ shipmentId: started.shipmentId });
    expect(job?.opts.delay).toBe(0);
    // Sweeping again while the job waits adds nothing.
    await sweepShipments(deps);
    expect((await deps.queue.getJobs(['wait', 'delayed'])).filter((j) => j.id === jobId)).toHaveLength(1);
  });

  it("answers another user's tracking number as unknown (no IDOR), and refuses bad input writing nothing", async () => {
    const alice = await t.api.signUp();
    const bob = await t.api.signUp();
    const { trackingNo } = await startShipment(deps, { orderId: randomUUID(), userId: alice.user.id });
    await refused(() => shipment(trackingNo, bob.token), 'store.unknownShipment');
    expectFailure(await shipment(trackingNo, bob.token, 'ja'), 'store.unknownShipment', 'ja');
    await refused(() => shipment('BX0000000000CN', alice.token), 'store.unknownShipment');
    for (const bad of ['', 'bx0123456789cn', 'BX01234CN', `${trackingNo}X`, "' or 1=1 --"]) {
      await refused(() => shipment(bad, alice.token), 'store.badTrackingNo');
    }
    await refused(
      () => t.api.get('/api/store/logistics', { token: alice.token, lang: 'en' }),
      'store.badTrackingNo',
    );
    await refused(() => shipment(trackingNo, undefined), 'auth.loginFirst');
    const rows = await t.database.db
      .select()
      .from(storeShipments)
      .where(eq(storeShipments.trackingNo, trackingNo));
    expect(rows).toHaveLength(1);
  });
});
