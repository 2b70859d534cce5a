/**
 * Order placement benchmark (issue 4 §6).
 *
 *   pnpm bench:orders -- [--users 200] [--concurrency 32] [--duration 30] [--warmup 5]
 *     [--orders 1000000] [--servers 1] [--symbols 50] [--feed-symbols 5000] [--seed 1] [--cpu-prof DIR]
 *
 * Runs the product as docker-compose does, each part in its own process: --servers server
 * replicas, the market feed and the matcher, on a fresh scratch PostgreSQL database and under a
 * fresh Redis prefix. Registers --users accounts through the real register path (demo mode: each
 * gets the starting deposit as a ledger entry). Day one: each buys a few symbols at market, so
 * that it has shares to sell on day two (T+1). The feed is then stopped and opened on the next
 * trading day at 09:35, so the run always trades in the morning's continuous session. Day two:
 * --concurrency client loops (each with its own users) place orders over HTTP for --duration
 * seconds after --warmup, or until --orders were sent: a seeded mix of resting, marketable and
 * market buys and sells (loadtest/orders/orderMix.ts) that each user can afford. Prints orders/s,
 * latency, errors by status, fills/s, the processes' CPU and RSS; then, the stack stopped, checks
 * the ledger and that every acknowledged order is there once. Talks to 127.0.0.1 only; removes
 * its Redis keys, database and children on exit or Ctrl-C.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createRedis } from '@bourse/core/platform';
import { redisMarketView } from '@bourse/core/trading';
import {
  checkLedgerAndOrders,
  countRows,
  fillsBetween,
  postgresBackendCpu,
  scratchPostgres,
} from '@bourse/core/trading/testing';
import {
  accountSummarySchema,
  Dec,
  exchangeCalendar,
  type MarketStatus,
  orderSchema,
  positionSchema,
} from '@bourse/shared';
import { ApiClient } from '../core/src/testing/api.ts';
import { type ChildUsage, forkService, type ServiceChild } from '../server/src/market/testing/benchChild.ts';
import { percentile, random } from '../server/src/market/testing/benchStats.ts';
import { spawnServer } from '../server/src/market/testing/spawnServer.ts';
import { demoClock } from '../workers/src/feed/clock.ts';
import { storeDemoClock } from '../workers/src/market/feedState.ts';
import {
  benchArgs,
  cpuMicros,
  deletePrefix,
  loadAverage,
  machine,
  mib,
  postgresMicrosBetween,
  runBench,
} from './benchRun.ts';
import { type JsonAnswer, type JsonClient, jsonClient } from './orders/jsonClient.ts';
import { chooseSymbols, readTouches, waitForStatus } from './orders/market.ts';
import type { Touch } from './orders/orderMix.ts';
import { Trader } from './orders/traders.ts';

const args = benchArgs({
  users: { type: 'string', default: '200' },
  concurrency: { type: 'string', default: '32' },
  duration: { type: 'string', default: '30' },
  warmup: { type: 'string', default: '5' },
  orders: { type: 'string', default: '1000000' },
  servers: { type: 'string', default: '1' },
  symbols: { type: 'string', default: '50' },
  'feed-symbols': { type: 'string', default: '5000' },
  seed: { type: 'string', default: '1' },
  'cpu-prof': { type: 'string' },
});

/** An option as an integer within bounds, or a clear refusal. */
function bounded(name: keyof typeof args, min: number, max: number): number {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return value;
}

const USERS = bounded('users', 1, 5_000);
const CONCURRENCY = bounded('concurrency', 1, 512);
const DURATION_S = bounded('duration', 1, 300);
const WARMUP_S = bounded('warmup', 0, 60);
const MAX_ORDERS = bounded('orders', 1, 10_000_000);
const SERVERS = bounded('servers', 1, 8);
const SYMBOLS = bounded('symbols', 5, 300);
const FEED_SYMBOLS = bounded('feed-symbols', 50, 5_000);
const SEED = bounded('seed', 1, 2 ** 31);
if (CONCURRENCY > USERS)
  throw new Error('--concurrency must not exceed --users: each loop has users of its own');
/**
 * Day two opens at 09:35; the default demo clock (workers' DEMO_DAY) leaves the morning's
 * continuous session at 11:30, 345 s later. Warm-up and run must end before then, with time in
 * hand for the feed's start and the account reads that come first.
 */
const MAX_RUN_SECONDS = 345 - 45;
if (WARMUP_S + DURATION_S > MAX_RUN_SECONDS)
  throw new Error(`--warmup + --duration must stay under ${MAX_RUN_SECONDS} s of continuous trading`);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGETS = { ordersPerSec: 1_000, p99Ms: 50 };
/** Day one: each user buys this many symbols at market, this many shares each, to sell on day two. */
const SETUP_SYMBOLS = 4;
const SETUP_SHARES = 1_000;
/** Registrations in flight: each hashes a password with argon2 on the server. */
const SIGN_UP_CONCURRENCY = 4;
/** How often the loops' view of the book is refreshed: the feed publishes every 500 ms. */
const TOUCH_REFRESH_MS = 500;
/** Bounds the whole run: a wedged child or a feed that never starts ends it. */
const RUN_TIMEOUT_MS = 20 * 60_000;

const prefix = `bench-orders:${randomUUID()}:`;
const redis = createRedis(REDIS_URL);
const market = redisMarketView(redis, prefix);
const cleanups: (() => Promise<void>)[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** This process's figures in the children's terms: the load generator's cost. */
function harnessUsage(): ChildUsage {
  return {
    type: 'usage',
    cpuMicros: cpuMicros(),
    rss: process.memoryUsage.rss(),
    maxRss: process.resourceUsage().maxRSS * 1024,
    watchers: 0,
  };
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** How an answer that is not a 200 is counted: its status and error key, or why none came. */
const outcomeOf = (answer: JsonAnswer) =>
  answer.status === 0 ? answer.failure! : `${answer.status} ${answer.body?.key ?? ''}`.trim();

/** The data of a 200 answer; anything else ends the run, saying what came instead. */
function dataOf(answer: JsonAnswer, what: string): unknown {
  if (answer.status !== 200) throw new Error(`${what} answered ${outcomeOf(answer)}`);
  return answer.body?.data;
}

const countInto = (counts: Map<string, number>, label: string) =>
  counts.set(label, (counts.get(label) ?? 0) + 1);

/** What the run heard: latency of each placement in the measured window and answers by status. */
class Tally {
  readonly latencies: number[] = [];
  readonly outcomes = new Map<string, number>();
  accepted = 0;
  sent = 0;

  record(answer: JsonAnswer, ms: number, measured: boolean): void {
    if (!measured) return;
    this.sent++;
    this.latencies.push(ms);
    if (answer.status === 200) {
      this.accepted++;
      return;
    }
    countInto(this.outcomes, outcomeOf(answer));
  }
}

const env = (url: string) => ({
  REDIS_URL,
  REDIS_PREFIX: prefix,
  DATABASE_URL: url,
  DEMO_MODE: 'true',
  FEED_SYMBOLS: String(FEED_SYMBOLS),
});

function startFeed(url: string): Promise<ServiceChild> {
  return forkService(fileURLToPath(new URL('./orders/serviceProcess.ts', import.meta.url)), {
    ...env(url),
    BENCH_SERVICE: 'feed',
  });
}

/** Places one order; the server's answer is checked against the contract before it counts. */
async function place(
  client: JsonClient,
  trader: Trader,
  body: unknown,
): Promise<{ answer: JsonAnswer; ms: number; orderId?: string }> {
  const started = performance.now();
  const answer = await client.send(
    'POST',
    '/api/trade/orders',
    { token: trader.token, 'idempotency-key': randomUUID() },
    body,
  );
  const ms = performance.now() - started;
  if (answer.status !== 200) return { answer, ms };
  const order = orderSchema.parse(answer.body?.data);
  trader.placed(order);
  return { answer, ms, orderId: order.id };
}

async function signUp(baseUrl: string): Promise<Trader[]> {
  const api = new ApiClient(baseUrl);
  const traders: Trader[] = [];
  await pool(Array.from({ length: USERS }), SIGN_UP_CONCURRENCY, async () => {
    const { token, user } = await api.signUp();
    traders.push(new Trader(token, user.id));
  });
  // Sign-ups finish in any order; sorted, each loop gets the same users for a seed.
  return traders.sort((a, b) => a.userId.localeCompare(b.userId));
}

/** Day one: market buys, so that every user holds shares that are sellable tomorrow. */
async function buyHoldings(
  clients: JsonClient[],
  traders: Trader[],
  symbols: string[],
  acknowledged: Set<string>,
): Promise<Map<string, number>> {
  const refused = new Map<string, number>();
  await pool(traders, CONCURRENCY, async (trader, i) => {
    const client = clients[i % clients.length]!;
    const rand = random(SEED * 1_000 + i);
    const picks = new Set<string>();
    while (picks.size < Math.min(SETUP_SYMBOLS, symbols.length))
      picks.add(symbols[Math.floor(rand() * symbols.length)]!);
    for (const symbol of picks) {
      const { answer, orderId } = await place(client, trader, {
        symbol,
        side: 'buy',
        type: 'market',
        quantity: SETUP_SHARES,
      });
      if (orderId) acknowledged.add(orderId);
      else countInto(refused, outcomeOf(answer));
    }
  });
  return refused;
}

/** Day two: each trader's cash and sellable shares as the server reports them. */
async function readAccounts(clients: JsonClient[], traders: Trader[]): Promise<void> {
  await pool(traders, CONCURRENCY, async (trader, i) => {
    const client = clients[i % clients.length]!;
    const headers = { token: trader.token };
    const [account, positions] = await Promise.all([
      client.send('GET', '/api/trade/account', headers),
      client.send('GET', '/api/trade/positions', headers),
    ]);
    trader.cash = new Dec(accountSummarySchema.parse(dataOf(account, 'GET /api/trade/account')).available);
    for (const p of positionSchema.array().parse(dataOf(positions, 'GET /api/trade/positions')))
      trader.sellable.set(p.symbol, p.sellableQuantity);
  });
}

interface RunResult {
  tally: Tally;
  measuredSeconds: number;
  windowStart: Date;
  windowEnd: Date;
  idleLoops: number;
}

async function run(
  clients: JsonClient[],
  traders: Trader[],
  symbols: string[],
  status: MarketStatus,
  acknowledged: Set<string>,
): Promise<RunResult> {
  let touches: ReadonlyMap<string, Touch> = await readTouches(market, symbols);
  let refreshing = true;
  const refresher = (async () => {
    while (refreshing) {
      await sleep(TOUCH_REFRESH_MS);
      touches = await readTouches(market, symbols);
    }
  })();

  const tally = new Tally();
  const started = performance.now();
  const measureFrom = started + WARMUP_S * 1_000;
  const deadline = measureFrom + DURATION_S * 1_000;
  const windowStart = new Date(Date.now() + WARMUP_S * 1_000);
  let idleLoops = 0;
  const loop = async (index: number) => {
    const rand = random(SEED * 1_000 + index);
    const client = clients[index % clients.length]!;
    const own = traders.filter((_, i) => i % CONCURRENCY === index);
    let turn = 0;
    let idle = 0;
    while (performance.now() < deadline && tally.sent < MAX_ORDERS) {
      const trader = own[turn++ % own.length]!;
      const next = trader.nextOrder(rand, symbols, touches, status.tradingDate);
      if (!next) {
        // Every one of this loop's users has spent its cash and sold its shares.
        if (++idle >= own.length) break;
        continue;
      }
      idle = 0;
      const sentAt = performance.now();
      const { answer, ms, orderId } = await place(client, trader, next.body);
      if (orderId) acknowledged.add(orderId);
      tally.record(answer, ms, sentAt >= measureFrom);
    }
    if (performance.now() < deadline && tally.sent < MAX_ORDERS) idleLoops++;
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => loop(i)));
  const windowEnd = new Date();
  refreshing = false;
  await refresher;
  return {
    tally,
    measuredSeconds: (performance.now() - measureFrom) / 1_000,
    windowStart,
    windowEnd,
    idleLoops,
  };
}

/** After the feed stops no trade arrives: the matcher is done once the fill count holds still. */
async function waitForMatcher(db: Parameters<typeof countRows>[0]): Promise<void> {
  let last = -1;
  for (let i = 0; i < 60; i++) {
    const now = await countRows(db, 'fills');
    if (now === last) return;
    last = now;
    await sleep(1_000);
  }
}

async function main(): Promise<number> {
  console.log(
    `bench:orders: ${USERS} users, ${CONCURRENCY} client loops, ${SERVERS} server(s), ${WARMUP_S} s warm-up + ` +
      `${DURATION_S} s (at most ${MAX_ORDERS} orders), ${SYMBOLS} symbols traded of ${FEED_SYMBOLS}, seed ${SEED}; ` +
      machine(),
  );
  const scratch = await scratchPostgres();
  cleanups.push(() => scratch.close());
  cleanups.push(() => deletePrefix(redis, prefix));
  const { db } = scratch.database;

  // --cpu-prof: each server writes a V8 CPU profile into DIR when it exits.
  const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [];
  const servers = await Promise.all(
    Array.from({ length: SERVERS }, () => spawnServer(env(scratch.url), profile)),
  );
  cleanups.push(async () => void (await Promise.all(servers.map((s) => s.stop()))));
  const clients = servers.map((s) => jsonClient(s.port, CONCURRENCY));
  cleanups.push(async () => {
    for (const client of clients) client.close();
  });
  const matcher = await forkService(fileURLToPath(new URL('./orders/serviceProcess.ts', import.meta.url)), {
    ...env(scratch.url),
    BENCH_SERVICE: 'matcher',
  });
  cleanups.push(() => matcher.stop());

  let started = performance.now();
  const traders = await signUp(`http://127.0.0.1:${servers[0]!.port}`);
  console.log(`${traders.length} users signed up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  let feed = await startFeed(scratch.url);
  cleanups.push(() => feed.stop());
  const dayOne = await waitForStatus(market, (s) => s.phase === 'continuous', 120_000);
  const symbols = await chooseSymbols(redis, prefix, market, SYMBOLS, random(SEED));
  const acknowledged = new Set<string>();
  started = performance.now();
  const refused = await buyHoldings(clients, traders, symbols, acknowledged);
  console.log(
    `day one ${dayOne.tradingDate}: ${acknowledged.size} market buys in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s` +
      (refused.size > 0 ? `; not placed: ${[...refused].map(([why, n]) => `${n} × ${why}`).join(', ')}` : ''),
  );

  // Day two: the same market opens on the next trading day at 09:35.
  await feed.stop();
  const dayTwoDate = exchangeCalendar.nextTradingDay(dayOne.tradingDate);
  // The feed keeps a stored clock only on its own pace, so day two runs at day one's cycle.
  await storeDemoClock(
    redis,
    prefix,
    demoClock({ firstDate: dayTwoDate, startAt: '09:35', cycleMs: dayOne.clock?.cycleMs }),
  );
  feed = await startFeed(scratch.url);
  const dayTwo = await waitForStatus(
    market,
    (s) => s.tradingDate === dayTwoDate && s.phase === 'continuous',
    120_000,
  );
  await readAccounts(clients, traders);
  console.log(`day two ${dayTwo.tradingDate}: trading (load ${loadAverage()})`);

  const processes: [string, ServiceChild][] = [
    ...servers.map((s, i): [string, ServiceChild] => [`server ${i + 1}`, s]),
    ['feed', feed],
    ['matcher', matcher],
  ];
  const usages = () => Promise.all([...processes.map(([, child]) => child.usage()), harnessUsage()]);
  const before = await usages();
  const postgresBefore = await postgresBackendCpu(db);
  const usageFrom = performance.now();
  const placedBefore = acknowledged.size;
  const result = await run(clients, traders, symbols, dayTwo, acknowledged);
  const after = await usages();
  const postgresAfter = await postgresBackendCpu(db);
  const usageSeconds = (performance.now() - usageFrom) / 1_000;
  const loadAfter = loadAverage();
  const phaseAfter = (await market.status())?.phase ?? 'unknown';

  await feed.stop();
  await waitForMatcher(db);
  const fills = await fillsBetween(db, result.windowStart, result.windowEnd);
  await matcher.stop();
  await Promise.all(servers.map((s) => s.stop()));
  const checks = await checkLedgerAndOrders(db, acknowledged);

  const { tally, measuredSeconds } = result;
  const latencies = tally.latencies.sort((a, b) => a - b);
  const ms = (p: number) => Number(percentile(latencies, p).toFixed(1));
  const ordersPerSec = Math.round(tally.accepted / measuredSeconds);
  console.table([
    {
      'orders/s': ordersPerSec,
      sent: tally.sent,
      accepted: tally.accepted,
      'p50 ms': ms(0.5),
      'p95 ms': ms(0.95),
      'p99 ms': ms(0.99),
      'max ms': Number((latencies.at(-1) ?? Number.NaN).toFixed(1)),
      errors: tally.sent - tally.accepted,
      'fills/s at placement': Math.round(fills.book / measuredSeconds),
      'fills/s by matcher': Math.round(fills.trade / measuredSeconds),
      phase: phaseAfter,
      'load avg': loadAfter,
    },
  ]);
  // Warm-up included: CPU is counted over the whole run, and so are the orders.
  const placedInRun = acknowledged.size - placedBefore;
  const cpuRow = (process: string, micros: number) => ({
    process,
    'CPU %': Math.round((micros / (usageSeconds * 1e6)) * 100),
    'CPU ms/order': Number((micros / 1_000 / placedInRun).toFixed(2)),
  });
  const nodeRows = [...processes.map(([name]) => name), 'load generator'].map((name, i) => ({
    ...cpuRow(name, after[i]!.cpuMicros - before[i]!.cpuMicros),
    'RSS MiB': mib(after[i]!.rss),
    'peak RSS MiB': mib(after[i]!.maxRss),
  }));
  // Redis (shared with others) is not counted.
  const postgresMicros = postgresMicrosBetween(postgresBefore, postgresAfter);
  const productMicros =
    after.slice(0, processes.length).reduce((sum, u, i) => sum + u.cpuMicros - before[i]!.cpuMicros, 0) +
    postgresMicros;
  console.table([
    ...nodeRows,
    cpuRow('PostgreSQL backends', postgresMicros),
    cpuRow('product (all but the load generator)', productMicros),
  ]);
  if (tally.outcomes.size > 0) {
    console.log('errors by status:');
    console.table([...tally.outcomes].map(([status, count]) => ({ status, count })));
  }
  if (result.idleLoops > 0)
    console.log(`${result.idleLoops} loops ran out of cash and shares before the end`);
  console.table(checks.map((c) => ({ check: c.name, failures: c.failures, detail: c.detail ?? '' })));

  const p99 = ms(0.99);
  const failed = checks.filter((c) => c.failures > 0);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    [
      `≥ ${TARGETS.ordersPerSec} orders/s: ${verdict(ordersPerSec >= TARGETS.ordersPerSec)} (${ordersPerSec})`,
      `p99 ≤ ${TARGETS.p99Ms} ms: ${verdict(p99 <= TARGETS.p99Ms)} (${p99})`,
      `ledger and orders: ${failed.length === 0 ? 'all checks hold' : `${failed.length} checks FAILED`}`,
      `market ${phaseAfter === 'continuous' ? 'in continuous trading throughout' : `left continuous trading (${phaseAfter})`}`,
    ].join('; '),
  );
  return failed.length === 0 ? 0 : 1;
}

await runBench(
  'bench:orders',
  RUN_TIMEOUT_MS,
  async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
  },
  main,
);
