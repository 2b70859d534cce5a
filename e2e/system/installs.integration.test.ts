/**
 * Two installs on one Redis (docs/adr/0013): each takes the namespace of its own database, so
 * both feeds and both matchers are active, each builds its own lists and serves its own quotes.
 * A fresh database on an old Redis, and a database that lost its lists, end with every list.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allotmentQueue, startAllotmentRun } from '@bourse/core/ipo';
import { dragonTigerDates, readDayBars } from '@bourse/core/market/history';
import { type DbKind, EMBEDDED_AND_POSTGRES, maintenance } from '@bourse/core/market/history/testing';
import {
  type AppConfig,
  createRedis,
  type Database,
  loadConfig,
  logger,
  openDatabase,
  resolveRedisPrefix,
} from '@bourse/core/platform';
import { countRows, createUser, deposit, serviceDeps } from '@bourse/core/trading/testing';
import { startServer } from '@bourse/server';
import {
  Dec,
  FEED_KEYS,
  FEED_SHARDS,
  feedInstrumentsSchema,
  feedQuoteSchema,
  feedShard,
  feedStatusMessageSchema,
  MARKET_QUEUES,
  parseJson,
} from '@bourse/shared';
import { Queue } from 'bullmq';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allotmentService } from '../../workers/src/allotment/allotmentWorker.ts';
import { issueAwaitingAllotment, statusOf, subscribe } from '../../workers/src/allotment/testing/issues.ts';
import { startWorkers } from '../../workers/src/index.ts';
import { dragonTigerService } from '../../workers/src/market/dragonTigerWorker.ts';
import { feedService } from '../../workers/src/market/feedService.ts';
import { bullPrefix } from '../../workers/src/market/queues.ts';
import { deleteKeys, TEST_REDIS_URL } from '../../workers/src/market/testing/redis.ts';
import { MATCHER_KEYS, matcherService } from '../../workers/src/trading/matcher.ts';

const BACKFILL_DAYS = 5;
const MAINTENANCE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Where an install keeps its data: a directory of its own, or a PostgreSQL database of its own. */
class Home {
  private constructor(
    readonly kind: DbKind,
    private readonly location: string,
  ) {}

  static async make(kind: DbKind): Promise<Home> {
    if (kind === 'pglite') return new Home(kind, await mkdtemp(join(tmpdir(), 'bourse-install-')));
    const name = `test_${randomUUID().replaceAll('-', '')}`;
    await maintenance(`create database ${name}`);
    const url = new URL(MAINTENANCE_URL);
    url.pathname = `/${name}`;
    return new Home(kind, url.toString());
  }

  /** What `pnpm start` reads from the environment for this home. */
  config(): AppConfig {
    const env = this.kind === 'pglite' ? { DATA_DIR: this.location } : { DATABASE_URL: this.location };
    return {
      ...loadConfig({ ...env, DEMO_MODE: 'true' }),
      port: 0,
      logLevel: 'warn',
      clientDist: join(tmpdir(), `bourse-no-client-${randomUUID()}`),
    };
  }

  open(): Promise<Database> {
    const config = this.config();
    return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  }

  /** `rm -rf data`, or a dropped and recreated database of the same name. */
  async wipe(): Promise<void> {
    if (this.kind === 'pglite') {
      await rm(this.location, { recursive: true, force: true });
      return;
    }
    const name = new URL(this.location).pathname.slice(1);
    await maintenance(`drop database if exists ${name} with (force)`);
    await maintenance(`create database ${name}`);
  }

  async remove(): Promise<void> {
    if (this.kind === 'pglite') await rm(this.location, { recursive: true, force: true });
    else
      await maintenance(`drop database if exists ${new URL(this.location).pathname.slice(1)} with (force)`);
  }
}

interface Install {
  prefix: string;
  database: Database;
  port: number;
  stop(): Promise<void>;
}

/** What scripts/start.ts composes, with a small, fast market: server, feed, lists, matcher and allotment. */
async function startInstall(home: Home, redis: Redis, seed: string): Promise<Install> {
  const config = home.config();
  const database = await home.open();
  const prefix = await resolveRedisPrefix(config, database, redis);
  const server = await startServer({ config, database, redis, redisPrefix: prefix });
  const workers = await startWorkers({ config, database, redisUrl: TEST_REDIS_URL, redisPrefix: prefix }, [
    feedService({
      seed,
      symbols: 60,
      publishIntervalMs: 200,
      backfillDays: BACKFILL_DAYS,
      backfillMinuteDays: 0,
    }),
    dragonTigerService({ seed }),
    matcherService(),
    allotmentService({ chunkSize: 50 }),
  ]);
  return {
    prefix,
    database,
    port: server.port,
    async stop() {
      await workers.stop();
      await server.close();
      await database.close();
    },
  };
}

/** The trading days with day bars of the SSE Composite, and those with a dragon-tiger list. */
async function listDays(database: Database): Promise<{ bars: string[]; lists: string[] }> {
  const { bars } = await readDayBars(database.db, 'sh000001', 1_000);
  const lists = await dragonTigerDates(database.db, 1_000);
  return { bars: bars.map((b) => b.tradingDate), lists: lists.sort() };
}

/** Waits until every backfilled day has its list. */
async function completeLists(database: Database): Promise<string[]> {
  return vi.waitUntil(
    async () => {
      const { lists } = await listDays(database);
      return lists.length === BACKFILL_DAYS ? lists : undefined;
    },
    { timeout: 45_000, interval: 250 },
  );
}

const matcherLocks = (prefix: string) =>
  Array.from({ length: FEED_SHARDS }, (_, shard) => `${prefix}${MATCHER_KEYS.lock(shard)}`);

describe.each(EMBEDDED_AND_POSTGRES)('two installs on one Redis, on %s', (kind) => {
  let redis: Redis;
  const homes: Home[] = [];
  const running = new Set<Install>();
  const prefixes = new Set<string>();
  let prefixB = '';

  async function start(home: Home, seed: string): Promise<Install> {
    const install = await startInstall(home, redis, seed);
    running.add(install);
    prefixes.add(install.prefix);
    return install;
  }
  async function stop(install: Install): Promise<void> {
    running.delete(install);
    await install.stop();
  }

  beforeAll(async () => {
    logger.level = 'warn';
    redis = createRedis(TEST_REDIS_URL);
    homes.push(await Home.make(kind), await Home.make(kind));
  });

  afterAll(async () => {
    for (const install of running) await install.stop();
    for (const prefix of prefixes) await deleteKeys(redis, prefix);
    for (const home of homes) await home.remove();
    redis.disconnect();
  });

  const snapshotQuote = async (prefix: string, symbol: string) =>
    parseJson(
      feedQuoteSchema,
      await redis.hget(`${prefix}${FEED_KEYS.snapshotHash(feedShard(symbol))}`, symbol),
    );

  it('keeps two side by side apart: locks, jobs, lists, quotes, orders and allotments', async () => {
    const [homeA, homeB] = homes as [Home, Home];
    const a = await start(homeA, 'install-a');
    const b = await start(homeB, 'install-b');

    expect(a.prefix).toMatch(/^bourse:[0-9a-f]{12}:$/);
    expect(b.prefix).toMatch(/^bourse:[0-9a-f]{12}:$/);
    expect(a.prefix).not.toBe(b.prefix);
    prefixB = b.prefix;

    // Both feeds are active, each under its own lock; each matcher holds all 16 shards of its own.
    const lockA = await redis.get(`${a.prefix}${FEED_KEYS.lockKey}`);
    const lockB = await redis.get(`${b.prefix}${FEED_KEYS.lockKey}`);
    expect(lockA).toBeTruthy();
    expect(lockB).toBeTruthy();
    expect(lockA).not.toBe(lockB);
    for (const install of [a, b]) {
      await vi.waitFor(
        async () => expect(await redis.exists(...matcherLocks(install.prefix))).toBe(FEED_SHARDS),
        {
          timeout: 10_000,
          interval: 100,
        },
      );
    }

    // Each database gets a list for each of its backfilled days, built by its own workers
    // from its own queue, though both queues hold jobs of the same ids (the same dates).
    const listsA = await completeLists(a.database);
    const listsB = await completeLists(b.database);
    expect(listsA).toEqual((await listDays(a.database)).bars.slice(-BACKFILL_DAYS));
    expect(listsB).toEqual(listsA);
    for (const install of [a, b]) {
      const queue = new Queue(MARKET_QUEUES.dragonTiger, {
        connection: redis,
        prefix: bullPrefix(install.prefix),
      });
      const jobs = await queue.getJobs(['completed']);
      await queue.close();
      expect(jobs.map((j) => j.data.tradingDate).sort()).toEqual(listsA);
    }

    // Each server answers with its own feed's quotes (other seeds: other prices).
    const instruments = async (install: Install) =>
      parseJson(feedInstrumentsSchema, await redis.get(`${install.prefix}${FEED_KEYS.instrumentsKey}`)) ?? [];
    const symbolsB = new Set((await instruments(b)).map((l) => l.symbol));
    const shared = (await instruments(a)).map((l) => l.symbol).filter((s) => symbolsB.has(s));
    expect(shared.length).toBeGreaterThan(0);
    const served = async (install: Install) => {
      const res = await fetch(
        `http://127.0.0.1:${install.port}/api/market/quotes?symbols=${shared.join(',')}`,
      );
      const body = (await res.json()) as { data: { symbol: string; prevClose: string }[] };
      return new Map(body.data.map((q) => [q.symbol, q.prevClose]));
    };
    const [servedA, servedB] = [await served(a), await served(b)];
    for (const symbol of shared) {
      expect(servedA.get(symbol)).toBe((await snapshotQuote(a.prefix, symbol))?.prevClose);
      expect(servedB.get(symbol)).toBe((await snapshotQuote(b.prefix, symbol))?.prevClose);
    }
    expect(shared.some((s) => servedA.get(s) !== servedB.get(s))).toBe(true);

    // Each places an order that fills at once against its own book.
    for (const install of [a, b]) {
      const { db } = install.database;
      const status = parseJson(
        feedStatusMessageSchema,
        await redis.get(`${install.prefix}${FEED_KEYS.statusKey}`),
      );
      const userId = await createUser(db);
      await db.transaction((tx) => deposit(tx, userId, new Dec(1_000_000), status!.tradingDate));
      const { order } = await serviceDeps(db, redis, install.prefix).orders.place(
        userId,
        { symbol: shared[0]!, side: 'buy', type: 'market', quantity: 100 },
        randomUUID(),
      );
      expect(order).toMatchObject({ status: 'filled', filledQuantity: 100 });
      expect(await countRows(db, 'fills')).toBeGreaterThan(0);
    }

    // Each runs an allotment of its first issue: the same issue id, so the same job ids.
    const issues: number[] = [];
    for (const install of [a, b]) {
      const { db } = install.database;
      const ipoId = await issueAwaitingAllotment(db, {
        code: '687101',
        seed: install.prefix,
        unitsOffered: 100,
      });
      await subscribe(db, ipoId, 120, 'x');
      const queue = allotmentQueue(redis, install.prefix);
      await startAllotmentRun(db, queue, ipoId);
      await queue.close();
      issues.push(ipoId);
    }
    expect(issues[0]).toBe(issues[1]);
    for (const install of [a, b]) {
      await vi.waitFor(
        async () => expect(await statusOf(install.database.db, issues[0]!)).toBe('awaiting_payment'),
        { timeout: 30_000, interval: 200 },
      );
    }

    await stop(a);
    await stop(b);
    // Two embedded databases made on disk (25 s each at a load of 15 on the shared machine).
  }, 240_000);

  it('ends with every list when a fresh database starts on the old Redis', async () => {
    const home = homes[0]!;
    const before = [...prefixes];
    await home.wipe();
    const install = await start(home, 'install-a');
    // A new database is a new namespace: the old one's finished jobs cannot shadow its own.
    expect(before).not.toContain(install.prefix);
    const lists = await completeLists(install.database);
    expect(lists).toEqual((await listDays(install.database)).bars.slice(-BACKFILL_DAYS));
    await stop(install);
  }, 120_000);

  it('builds again the lists a database lost, though Redis still holds their finished jobs', async () => {
    const home = homes[1]!;
    const database = await home.open();
    const { lists } = await listDays(database);
    expect(lists).toHaveLength(BACKFILL_DAYS);
    await database.db.execute(sql`delete from market_dragon_tiger_days`);
    await database.close();

    const install = await start(home, 'install-b');
    // The same database keeps its namespace, where its lists' finished jobs still are.
    expect(install.prefix).toBe(prefixB);
    expect(await completeLists(install.database)).toEqual(lists);
    await stop(install);
  }, 120_000);
});
