import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.ts';
import type { Database } from '../platform/database.ts';
import { DB_KINDS, openTestDatabase } from '../testing/testDatabase.ts';
import { createUser } from '../trading/testing/serviceDeps.ts';
import { authenticate, createSession, purgeExpiredSessions } from './sessions.ts';

describe.each(DB_KINDS)('purgeExpiredSessions on %s', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });

  afterAll(async () => {
    await database.close();
  });

  const ago = (ms: number) => new Date(Date.now() - ms);
  const insertSession = async (userId: string, expiresAt: Date, revokedAt: Date | null = null) => {
    const [row] = await database.db
      .insert(sessions)
      .values({ userId, tokenHash: randomUUID(), expiresAt, revokedAt })
      .returning({ id: sessions.id });
    return row!.id;
  };

  it('deletes expired sessions batch by batch and keeps the live ones', async () => {
    const userId = await createUser(database.db);
    for (const ms of [1_000, 60_000, 3_600_000, 86_400_000, 30 * 86_400_000]) {
      await insertSession(userId, ago(ms));
    }
    const token = await createSession(database.db, userId);
    const live = [
      await insertSession(userId, ago(-60_000)),
      // Revoked but not yet expired: the purge goes by expiry alone.
      await insertSession(userId, ago(-60_000), ago(1_000)),
    ];

    // Five expired rows in batches of two: three statements.
    expect(await purgeExpiredSessions(database.db, 2)).toBe(5);

    const left = await database.db.select({ id: sessions.id, expiresAt: sessions.expiresAt }).from(sessions);
    expect(left).toHaveLength(3);
    expect(left.map((s) => s.id)).toEqual(expect.arrayContaining(live));
    expect(left.every((s) => s.expiresAt > new Date())).toBe(true);
    expect((await authenticate(database.db, token)).userId).toBe(userId);
    expect(await purgeExpiredSessions(database.db, 2)).toBe(0);
  });
});
