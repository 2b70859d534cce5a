import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { authenticate, createSession } from '@bourse/core/accounts/sessions.ts';
import { users } from '@bourse/core/db/schema.ts';
import type { Database } from '@bourse/core/platform/database.ts';
import { scratchPostgres } from '@bourse/core/testing/testDatabase.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withoutWrites } from '../testing/rows.ts';
import { connected, startReplica, userSocket } from '../user-channel/testing/userSockets.ts';

const CLI = fileURLToPath(new URL('./cli/adminUser.ts', import.meta.url));

/** `pnpm admin:user -- …args` as the operator runs it, on the test's database. */
async function adminUser(url: string, ...args: string[]) {
  return adminUserWith({ DATABASE_URL: url }, ...args);
}

async function adminUserWith(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, '--', ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('pnpm admin:user (PostgreSQL: the CLI runs in a process of its own)', () => {
  let url: string;
  let database: Database;
  let close: () => Promise<void>;
  let userId: string;
  let token: string;

  beforeAll(async () => {
    ({ url, database, close } = await scratchPostgres());
    const [user] = await database.db
      .insert(users)
      .values({
        account: 'Alice_ops',
        passwordHash: 'not-a-login',
        username: 'Alice',
        givenName: '',
        email: 'alice@example.com',
        mobile: '',
      })
      .returning({ id: users.id });
    userId = user!.id;
    token = await createSession(database.db, userId);
  });
  afterAll(() => close());

  const roleNow = async () =>
    (await database.db.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]?.role;

  it('grants the admin role by login name in any case, and a live session has it at once', async () => {
    const granted = await adminUser(url, '--account', 'alice_OPS', '--role', 'admin');
    expect(granted).toMatchObject({ code: 0, stdout: 'Alice_ops: user → admin\n' });
    expect(await roleNow()).toBe('admin');
    expect((await authenticate(database.db, token)).role).toBe('admin');
    expect((await adminUser(url, 'list')).stdout).toBe('Alice_ops\n');
    const again = await adminUser(url, '--account', 'Alice_ops', '--role', 'admin');
    expect(again).toMatchObject({ code: 0, stdout: 'Alice_ops already has the admin role\n' });
  });

  it('revokes it again', async () => {
    const revoked = await adminUser(url, '--account', 'Alice_ops', '--role', 'user');
    expect(revoked).toMatchObject({ code: 0, stdout: 'Alice_ops: admin → user\n' });
    expect(await roleNow()).toBe('user');
    expect((await authenticate(database.db, token)).role).toBe('user');
    expect((await adminUser(url, 'list')).stdout).toBe('no admins\n');
  });

  it.each([
    [['--account', 'nobody', '--role', 'admin'], 1, 'no account nobody'],
    [['--account', 'Alice_ops', '--role', 'root'], 2, 'usage: pnpm admin:user'],
    [['--account', 'Alice_ops'], 2, 'usage: pnpm admin:user'],
    [['--role', 'admin'], 2, 'usage: pnpm admin:user'],
    [['grant', '--account', 'Alice_ops', '--role', 'admin'], 2, 'usage: pnpm admin:user'],
  ])('%j exits %i with a message and changes nothing', async (args, code, message) => {
    const result = await withoutWrites(database.db, () => adminUser(url, ...args));
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(message);
    expect(await roleNow()).toBe('user');
  });

  it('closes the user’s live /user sockets on the servers, to reconnect under the new role', async () => {
    const redisPrefix = `test:${randomUUID()}:`;
    const server = await startReplica({ database, redisPrefix });
    const socket = userSocket(server.port, { token });
    try {
      await connected(socket);
      let closedAt: number | undefined;
      socket.on('disconnect', () => {
        closedAt = Date.now();
      });
      const env = {
        DATABASE_URL: url,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: redisPrefix,
      };
      expect(await adminUserWith(env, '--account', 'Alice_ops', '--role', 'admin')).toMatchObject({
        code: 0,
      });
      const changedAt = Date.now();
      await vi.waitFor(() => expect(closedAt).toBeDefined(), { timeout: 3_000, interval: 20 });
      expect(closedAt! - changedAt).toBeLessThan(1_000);
      expect(await adminUserWith(env, '--account', 'Alice_ops', '--role', 'user')).toMatchObject({ code: 0 });
    } finally {
      socket.disconnect();
      await server.stop();
    }
  });
});
