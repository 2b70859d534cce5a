/**
 * Order placement benchmark (issue 4 §6).
 *
 *   pnpm bench:orders -- [--users 200] [--concurrency 32] [--duration 30] [--warmup 5]
 *     [--orders 1000000] [--servers 1] [--matchers 1] [--symbols 50] [--feed-symbols 5000] [--seed 1]
 *     [--cpu-prof DIR (servers and matchers)] [--burst N [--burst-window 1] [--crash]]
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
 *
 * --burst N is the open instead of the loops: day two starts in the opening call, each user plans
 * its share of N orders there, and the N go out evenly over --burst-window seconds from the moment
 * continuous trading begins, open-loop (loadtest/orders/burst.ts). --crash kills -9 the first
 * server replica and the first matcher halfway through the window (it needs two of each): the
 * load generator retries the unanswered with the same key on the other replica, and the checks
 * say whether any order was lost or doubled and whether every fill has its one journal entry.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createRedis } from '@bourse/core/platform';
import { redisMarketView } from '@bourse/core/trading';
import {
  type Check,
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
  FEED_SHARDS,
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
import { MATCHER_KEYS } from '../workers/src/trading/matcher.ts';
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
import { type BurstOrder, sendBurst } from './orders/burst.ts';
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
  matchers: { type: 'string', default: '1' },
  symbols: { type: 'string', default: '50' },
  'feed-symbols': { type: 'string', default: '5000' },
  seed: { type: 'string', default: '1' },
  'cpu-prof': { type: 'string' },
  burst: { type: 'string', default: '0' },
  'burst-window': { type: 'string', default: '1' },
  crash: { type: 'boolean', default: false },
});

/** An option as an integer within bounds, or a clear refusal. */
function bounded(name: Exclude<keyof typeof args, 'crash'>, min: number, max: number): number {
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
const MATCHERS = bounded('matchers', 1, 4);
const SYMBOLS = bounded('symbols', 5, 300);
const FEED_SYMBOLS = bounded('feed-symbols', 50, 5_000);
const SEED = bounded('seed', 1, 2 ** 31);
const BURST = bounded('burst', 0, 100_000);
const BURST_WINDOW_S = bounded('burst-window', 1, 60);
const CRASH = args.crash === true;
if (CRASH && (BURST === 0 || SERVERS < 2 || MATCHERS < 2))
  throw new Error('--crash needs --burst, --servers 2 and --matchers 2: a survivor of each must take over');
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
const TARGETS = { ordersPerSec: 1_000, p99Ms: 50, burstAckMs: 2_000 };
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

/** The product's processes and what the load generator holds of them. */
interface Stack {
  db: Parameters<typeof countRows>[0];
  servers: ServiceChild[];
  clients: JsonClient[];
  matchers: ServiceChild[];
  feed: ServiceChild;
  traders: Trader[];
  symbols: string[];
  dayTwo: MarketStatus;
  acknowledged: Set<string>;
}

/** --cpu-prof: each server and matcher writes a V8 CPU profile into DIR when it exits. */
const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [];

/** Spawns the stack, signs the users up, buys day one's holdings and opens day two. */
async function setUp(): Promise<Stack> {
  const scratch = await scratchPostgres();
  cleanups.push(() => scratch.close());
  cleanups.push(() => deletePrefix(redis, prefix));

  const servers = await Promise.all(
    Array.from({ length: SERVERS }, () => spawnServer(env(scratch.url), profile)),
  );
  cleanups.push(async () => void (await Promise.all(servers.map((s) => s.stop()))));
  // A burst comes from phones, each on a connection of its own.
  const sockets = BURST > 0 ? Math.max(CONCURRENCY, Math.ceil(USERS / SERVERS)) : CONCURRENCY;
  const clients = servers.map((s) => jsonClient(s.port, sockets));
  cleanups.push(async () => {
    for (const client of clients) client.close();
  });
  const matchers = await Promise.all(
    Array.from({ length: MATCHERS }, () =>
      forkService(
        fileURLToPath(new URL('./orders/serviceProcess.ts', import.meta.url)),
        { ...env(scratch.url), BENCH_SERVICE: 'matcher' },
        profile,
      ),
    ),
  );
  cleanups.push(async () => void (await Promise.all(matchers.map((m) => m.stop()))));

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

  // Day two: the same market opens on the next trading day, in continuous trading at 09:35, or in
  // the opening call for a burst at the open (the accounts are read while the call runs).
  await feed.stop();
  const dayTwoDate = exchangeCalendar.nextTradingDay(dayOne.tradingDate);
  // The feed keeps a stored clock only on its own pace, so day two runs at day one's cycle.
  await storeDemoClock(
    redis,
    prefix,
    demoClock({
      firstDate: dayTwoDate,
      startAt: BURST > 0 ? '09:15' : '09:35',
      cycleMs: dayOne.clock?.cycleMs,
    }),
  );
  feed = await startFeed(scratch.url);
  await waitForStatus(market, (s) => s.tradingDate === dayTwoDate, 120_000);
  await readAccounts(clients, traders);
  const dayTwo = await waitForStatus(
    market,
    (s) => s.tradingDate === dayTwoDate && s.phase === 'continuous',
    120_000,
  );
  console.log(`day two ${dayTwo.tradingDate}: trading (load ${loadAverage()})`);
  return {
    db: scratch.database.db,
    servers,
    clients,
    matchers,
    feed,
    traders,
    symbols,
    dayTwo,
    acknowledged,
  };
}

/** The feed stopped, no trade arrives: the matchers and servers stop once the fills hold still. */
async function stopStack(stack: Stack): Promise<void> {
  await stack.feed.stop();
  await waitForMatcher(stack.db);
  await Promise.all(stack.matchers.map((m) => m.stop()));
  await Promise.all(stack.servers.map((s) => s.stop()));
}

/** Prints the checks; the exit code: 0 when every one holds. */
function reportChecks(checks: Check[], verdicts: string[]): number {
  console.table(checks.map((c) => ({ check: c.name, failures: c.failures, detail: c.detail ?? '' })));
  const failed = checks.filter((c) => c.failures > 0);
  console.log(
    [
      ...verdicts,
      `ledger and orders: ${failed.length === 0 ? 'all checks hold' : `${failed.length} checks FAILED`}`,
    ].join('; '),
  );
  return failed.length === 0 ? 0 : 1;
}

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** The closed loops of day two: throughput, latency and the CPU each process spent per order. */
async function closedLoops(stack: Stack): Promise<number> {
  const { db, servers, matchers, traders, symbols, dayTwo, acknowledged } = stack;
  const processes: [string, ServiceChild][] = [
    ...servers.map((s, i): [string, ServiceChild] => [`server ${i + 1}`, s]),
    ['feed', stack.feed],
    ...matchers.map((m, i): [string, ServiceChild] => [MATCHERS > 1 ? `matcher ${i + 1}` : 'matcher', m]),
  ];
  const usages = () => Promise.all([...processes.map(([, child]) => child.usage()), harnessUsage()]);
  const before = await usages();
  const postgresBefore = await postgresBackendCpu(db);
  const usageFrom = performance.now();
  const placedBefore = acknowledged.size;
  const result = await run(stack.clients, traders, symbols, dayTwo, acknowledged);
  const after = await usages();
  const postgresAfter = await postgresBackendCpu(db);
  const usageSeconds = (performance.now() - usageFrom) / 1_000;
  const loadAfter = loadAverage();
  const phaseAfter = (await market.status())?.phase ?? 'unknown';

  await stopStack(stack);
  const fills = await fillsBetween(db, result.windowStart, result.windowEnd);
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
  printOutcomes(tally.outcomes);
  if (result.idleLoops > 0)
    console.log(`${result.idleLoops} loops ran out of cash and shares before the end`);

  const p99 = ms(0.99);
  return reportChecks(checks, [
    `≥ ${TARGETS.ordersPerSec} orders/s: ${verdict(ordersPerSec >= TARGETS.ordersPerSec)} (${ordersPerSec})`,
    `p99 ≤ ${TARGETS.p99Ms} ms: ${verdict(p99 <= TARGETS.p99Ms)} (${p99})`,
    `market ${phaseAfter === 'continuous' ? 'in continuous trading throughout' : `left continuous trading (${phaseAfter})`}`,
  ]);
}

function printOutcomes(outcomes: ReadonlyMap<string, number>): void {
  if (outcomes.size === 0) return;
  console.log('errors by status:');
  console.table([...outcomes].map(([status, count]) => ({ status, count })));
}

/** Each user's share of the burst, planned before the bell, interleaved so every user is spread over the window. */
function planBurst(
  traders: Trader[],
  symbols: string[],
  touches: ReadonlyMap<string, Touch>,
  tradingDate: string,
) {
  const orders: BurstOrder[] = [];
  const rands = traders.map((_, i) => random(SEED * 1_000 + i));
  while (orders.length < BURST) {
    const before = orders.length;
    for (let i = 0; i < traders.length && orders.length < BURST; i++) {
      const next = traders[i]!.planOrder(rands[i]!, symbols, touches, tradingDate);
      if (next) orders.push({ trader: traders[i]!, body: next.body, replica: i % SERVERS });
    }
    if (orders.length === before)
      throw new Error(`the users can afford only ${orders.length} orders of the burst`);
  }
  return orders;
}

/** The matchers' shard leases: how many distinct holders, and how many shards are held. */
async function matcherLeases(): Promise<{ holders: number; held: number }> {
  const keys = Array.from({ length: FEED_SHARDS }, (_, shard) => `${prefix}${MATCHER_KEYS.lock(shard)}`);
  const owners = (await redis.mget(...keys)).filter((owner) => owner !== null);
  return { holders: new Set(owners).size, held: owners.length };
}

/** The burst at the open, and with --crash a server replica and a matcher killed in the middle of it. */
async function openBurst(stack: Stack): Promise<number> {
  const { db, traders, symbols, dayTwo, acknowledged } = stack;
  const touches = await readTouches(market, symbols);
  const orders = planBurst(traders, symbols, touches, dayTwo.tradingDate);
  const windowStart = new Date();
  let killedAt: Date | undefined;
  const leasesBefore = await matcherLeases();
  const answers = await sendBurst(
    stack.clients,
    orders,
    BURST_WINDOW_S * 1_000,
    CRASH
      ? {
          atMs: (BURST_WINDOW_S * 1_000) / 2,
          run: async () => {
            killedAt = new Date();
            await Promise.all([stack.servers[0]!.kill(), stack.matchers[0]!.kill()]);
          },
        }
      : undefined,
  );
  const loadAfter = loadAverage();
  const outcomes = new Map<string, number>();
  const orderIds = new Set<string>();
  for (const { answer, orderId } of answers) {
    if (orderId) {
      acknowledged.add(orderId);
      orderIds.add(orderId);
    } else countInto(outcomes, outcomeOf(answer));
  }
  const acked = answers.filter((a) => a.orderId);
  let takeover = '';
  if (killedAt) {
    // The survivor takes the dead matcher's shards once their leases expire.
    const deadline = Date.now() + 60_000;
    let leases = await matcherLeases();
    while ((leases.holders !== 1 || leases.held < FEED_SHARDS) && Date.now() < deadline) {
      await sleep(250);
      leases = await matcherLeases();
    }
    const seconds = ((Date.now() - killedAt.getTime()) / 1_000).toFixed(1);
    takeover =
      leases.holders === 1 && leases.held === FEED_SHARDS
        ? `the surviving matcher held all ${FEED_SHARDS} shards ${seconds} s after the kill`
        : `the shards were not taken over within 60 s (${leases.held} held by ${leases.holders})`;
    // A few seconds of trading after the takeover, so its fills show.
    await sleep(5_000);
  }
  const fillsUntil = new Date();
  await stopStack(stack);
  const fills = await fillsBetween(db, windowStart, fillsUntil);
  const fillsAfterKill = killedAt ? await fillsBetween(db, killedAt, fillsUntil) : undefined;
  const checks = await checkLedgerAndOrders(db, acknowledged);

  // An answer is an acknowledgement, a refusal by a trading rule included: the order was heard.
  const answered = answers.filter((a) => a.answer.status !== 0);
  const latencies = answered.map((a) => a.ms).sort((a, b) => a - b);
  const ms = (p: number) => Number(percentile(latencies, p).toFixed(1));
  const slowest = latencies.at(-1) ?? Number.NaN;
  console.table([
    {
      sent: answers.length,
      placed: acked.length,
      refused: answers.filter((a) => a.answer.status >= 400).length,
      unanswered: answers.filter((a) => a.answer.status === 0).length,
      retried: answers.filter((a) => a.attempts > 1).length,
      'p50 ms': ms(0.5),
      'p95 ms': ms(0.95),
      'p99 ms': ms(0.99),
      'max ms': Number(slowest.toFixed(1)),
      'fills at placement': fills.book,
      'fills by matcher': fills.trade,
      'load avg': loadAfter,
    },
  ]);
  printOutcomes(outcomes);
  console.log(
    `matcher leases before the burst: ${leasesBefore.held} shards held by ${leasesBefore.holders} matcher(s)` +
      (killedAt
        ? `; server 1 and matcher 1 killed -9 at ${((killedAt.getTime() - windowStart.getTime()) / 1_000).toFixed(2)} s; ${takeover}; ${fillsAfterKill!.trade} fills by the matcher since the kill`
        : ''),
  );
  const allAnswered = answered.length === answers.length;
  return reportChecks(
    [
      ...checks,
      // Two keys answered with one order would be a doubled answer; one key with two orders shows above as an order no answer acknowledged.
      { name: 'orders answered to more than one key', failures: acked.length - orderIds.size },
    ],
    [
      `${BURST} orders in ${BURST_WINDOW_S} s from ${traders.length} users: ${allAnswered ? 'every one answered' : `${answers.length - answered.length} NOT answered`} (${acked.length} placed, ${answered.length - acked.length} refused)`,
      `all answered within ${TARGETS.burstAckMs} ms: ${verdict(allAnswered && slowest <= TARGETS.burstAckMs)} (p99 ${ms(0.99)}, max ${slowest.toFixed(1)})`,
    ],
  );
}

async function main(): Promise<number> {
  console.log(
    `bench:orders: ${USERS} users, ${SERVERS} server(s), ${MATCHERS} matcher(s), ` +
      (BURST > 0
        ? `a burst of ${BURST} orders in ${BURST_WINDOW_S} s at the open${CRASH ? ', server 1 and matcher 1 killed -9 halfway' : ''}, `
        : `${CONCURRENCY} client loops, ${WARMUP_S} s warm-up + ${DURATION_S} s (at most ${MAX_ORDERS} orders), `) +
      `${SYMBOLS} symbols traded of ${FEED_SYMBOLS}, seed ${SEED}; ${machine()}`,
  );
  const stack = await setUp();
  return BURST > 0 ? openBurst(stack) : closedLoops(stack);
}

await runBench(
  'bench:orders',
  RUN_TIMEOUT_MS,
  async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
  },
  main,
);
