import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RegistrationHooks } from '@bourse/core/accounts/registration.ts';
import { users } from '@bourse/core/db/schema.ts';
import { type AppConfig, loadConfig, MEMORY_DATA_DIR } from '@bourse/core/platform/config.ts';
import type { Database } from '@bourse/core/platform/database.ts';
import { createRedis } from '@bourse/core/platform/redis.ts';
import { ApiClient } from '@bourse/core/testing/api.ts';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import { type DbKind, openTestDatabase } from '@bourse/core/testing/testDatabase.ts';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, startServer } from '../platform/server.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestServerOptions {
  config?: Partial<AppConfig>;
  redisUrl?: string;
  registrationHooks?: Partial<RegistrationHooks>;
}

export interface TestServer {
  kind: DbKind;
  baseUrl: string;
  api: ApiClient;
  database: Database;
  redis: Redis;
  /** Every Redis key of this server starts with it; removed after the file. */
  redisPrefix: string;
  server: RunningServer;
}

/**
 * The real app on a random port, on a fresh database of `kind` and real Redis under a key
 * prefix of its own. close() stops it and removes the database and the keys.
 */
export async function startTestServer(
  kind: DbKind,
  options: TestServerOptions = {},
): Promise<TestServer & { close(): Promise<void> }> {
  const database = await openTestDatabase(kind);
  const redis = createRedis(options.redisUrl ?? REDIS_URL);
  const redisPrefix = `test:${randomUUID()}:`;
  const config: AppConfig = {
    ...loadConfig({}),
    port: 0,
    dataDir: MEMORY_DATA_DIR,
    clientDist: join(tmpdir(), `bourse-no-client-${randomUUID()}`),
    logLevel: process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent',
    ...options.config,
  };
  const server = await startServer({
    config,
    database,
    redis,
    redisPrefix,
    registrationHooks: options.registrationHooks,
  });
  const baseUrl = `http://127.0.0.1:${server.port}`;
  return {
    kind,
    baseUrl,
    api: new ApiClient(baseUrl),
    database,
    redis,
    redisPrefix,
    server,
    async close() {
      await server.close();
      await deleteKeys(redis, redisPrefix).catch(() => undefined);
      redis.disconnect();
      await database.close();
    },
  };
}

/** startTestServer for the whole describe block: started before its tests, closed after. */
export function useTestServer(kind: DbKind, options: TestServerOptions = {}): TestServer {
  let running: Awaited<ReturnType<typeof startTestServer>> | undefined;
  beforeAll(async () => {
    running = await startTestServer(kind, options);
  });
  afterAll(async () => {
    await running?.close();
  });
  const current = (): TestServer => {
    if (!running) throw new Error('the test server starts in beforeAll');
    return running;
  };
  return {
    kind,
    get baseUrl() {
      return current().baseUrl;
    },
    get api() {
      return current().api;
    },
    get database() {
      return current().database;
    },
    get redis() {
      return current().redis;
    },
    get redisPrefix() {
      return current().redisPrefix;
    },
    get server() {
      return current().server;
    },
  };
}

/** A new account given back office's role in the database, as `pnpm admin:user` would. */
export async function signUpAdmin(t: Pick<TestServer, 'api' | 'database'>) {
  const signedUp = await t.api.signUp();
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, signedUp.user.id));
  return signedUp;
}
