/**
 * Live market fan-out benchmark (issue 3 §6).
 *
 *   pnpm bench:market -- [--clients 1000] [--symbols 50] [--seconds 20] [--warmup 5]
 *     [--procs 4] [--window 250] [--feed-symbols 5000] [--database postgres|pglite] [--cpu-prof DIR]
 *
 * Starts the real feed (workers' simulator on the demo clock) and a real server, each in its own
 * process, under a fresh Redis prefix and, as docker-compose runs them, on a fresh scratch
 * PostgreSQL database (TEST_DATABASE_URL's server; `--database pglite` gives each its own
 * embedded one instead, which alone takes some 600 MiB of the server's RSS); opens --clients
 * socket.io clients over --procs client processes, each subscribed to --symbols random listed
 * codes; measures after a warm-up. Then the same clients, from the same processes with the same
 * symbols, against a bare `ws` server fed from the same Redis channels (market/wsBaseline.ts).
 * Needs Redis at REDIS_URL (default 127.0.0.1:6379); removes its keys, database and children on
 * exit or Ctrl-C. --cpu-prof: the Socket.IO server writes a V8 CPU profile into DIR when it exits.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { QUOTE_WIRE_FIELDS } from '@bourse/core/market/feedWire.ts';
import { createRedis } from '@bourse/core/platform';
import { FEED_KEYS, FEED_SHARDS } from '@bourse/shared';
import { scratchPostgres } from '../core/src/testing/testDatabase.ts';
import { type ChildUsage, forkService, type ServiceChild } from '../server/src/market/testing/benchChild.ts';
import { percentile } from '../server/src/market/testing/benchStats.ts';
import { spawnServer } from '../server/src/market/testing/spawnServer.ts';
import { benchArgs, deletePrefix, loadAverage as load, machine, mib, runBench } from './benchRun.ts';
import type { ClientCommand, ClientReply, Transport } from './market/clientProcess.ts';

const args = benchArgs({
  clients: { type: 'string', default: '1000' },
  symbols: { type: 'string', default: '50' },
  seconds: { type: 'string', default: '20' },
  warmup: { type: 'string', default: '5' },
  procs: { type: 'string', default: '4' },
  window: { type: 'string', default: '250' },
  'feed-symbols': { type: 'string', default: '5000' },
  database: { type: 'string', default: 'postgres' },
  'cpu-prof': { type: 'string' },
});
const num = (name: keyof typeof args) => Number(args[name]);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAX_CLIENTS = 20_000;
/** Bounds the whole run: a wedged child or a feed that never starts ends it. */
const RUN_TIMEOUT_MS = 15 * 60_000;
/** Feed messages whose lag is kept per measurement: 16 shards every 500 ms is about 32 a second. */
const LAG_SAMPLES = 100_000;
/** Issue 17 §3: on a par with the bare `ws` server measured in the same run. */
const TARGETS = { p99VsWs: 1.25, throughputVsWs: 0.95, connectVsWs: 2, rssMiB: 1_024 };

const clients = num('clients');
if (!Number.isInteger(clients) || clients < 1 || clients > MAX_CLIENTS)
  throw new Error(`--clients must be 1..${MAX_CLIENTS}`);
const procCount = Math.min(num('procs'), clients);
if (args.database !== 'postgres' && args.database !== 'pglite')
  throw new Error('--database must be postgres or pglite');
const prefix = `bench-market:${randomUUID()}:`;
const env: Record<string, string> = {
  REDIS_URL,
  REDIS_PREFIX: prefix,
  MARKET_CONFLATION_MS: args.window!,
  DATA_DIR: 'memory://',
  FEED_SYMBOLS: args['feed-symbols']!,
  // Every client comes from 127.0.0.1: the per-address connection cap (default 50) is off.
  SOCKET_MAX_PER_IP: '0',
};
const redis = createRedis(REDIS_URL);
/** Stopped in order on exit: the children, then the scratch database they used. */
const children: { stop(): Promise<void> }[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ClientProcess {
  ask<T extends ClientReply['type']>(command: ClientCommand): Promise<Extract<ClientReply, { type: T }>>;
  stop(): Promise<void>;
}

function startClientProcess(): ClientProcess {
  const child: ChildProcess = fork(fileURLToPath(new URL('./market/clientProcess.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    ask: (command) =>
      new Promise((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`client process exited with ${code}`));
        child.once('exit', onExit);
        child.once('message', (reply) => {
          child.off('exit', onExit);
          resolve(reply as never);
        });
        child.send(command);
      }),
    async stop() {
      if (child.exitCode !== null || !child.connected) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

interface FeedMeter {
  /** Quotes published, and the lag from a message's first `ts` to its arrival here, since the last take. */
  take(): { quotes: number; lags: number[] };
  stop(): void;
}

/**
 * Counts the quotes the feed publishes (one row per quote after the wire's version: a bare
 * JSON.parse, nothing checked) and how late its messages reach a Redis subscriber: the share of
 * the latency that is the feed's.
 */
async function meterFeed(): Promise<FeedMeter> {
  const subscriber = redis.duplicate();
  let quotes = 0;
  let lags: number[] = [];
  subscriber.on('message', (_channel: string, text: string) => {
    const rows = JSON.parse(text) as unknown[][];
    quotes += rows.length - 1;
    // The first quote's ts (QUOTE_WIRE_FIELDS): every quote of a publish carries the same.
    const ts = rows[1]?.[QUOTE_WIRE_FIELDS.indexOf('ts')];
    if (typeof ts === 'number' && lags.length < LAG_SAMPLES) lags.push(Date.now() - ts);
  });
  await subscriber.subscribe(
    ...Array.from({ length: FEED_SHARDS }, (_, shard) => `${prefix}${FEED_KEYS.quotesChannel(shard)}`),
  );
  return {
    take() {
      const taken = { quotes, lags };
      quotes = 0;
      lags = [];
      return taken;
    },
    stop: () => subscriber.disconnect(),
  };
}

/** The listed codes, once the feed has published its listing and gone live. */
async function waitForFeed(): Promise<string[]> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const [listing, status] = await redis.mget(
      `${prefix}${FEED_KEYS.instrumentsKey}`,
      `${prefix}${FEED_KEYS.statusKey}`,
    );
    if (listing && status) return (JSON.parse(listing) as { symbol: string }[]).map((i) => i.symbol);
    await sleep(500);
  }
  throw new Error('the feed published no listing within 120 s');
}

async function phaseNow(): Promise<string> {
  const status = await redis.get(`${prefix}${FEED_KEYS.statusKey}`);
  return status ? (JSON.parse(status) as { phase: string }).phase : 'unknown';
}

interface PhaseResult {
  label: string;
  connected: number;
  failed: number;
  connectSeconds: number;
  connectsPerSec: number;
  /** What the feed got out while the clients connected: the connects' cost to everything else on the box. */
  feedQuotesPerSecConnecting: number;
  updatesPerSec: number;
  packetsPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  serverCpuPct: number;
  serverMiB: number;
  serverPeakMiB: number;
  feedCpuPct: number;
  feedPeakMiB: number;
  feedQuotesPerSec: number;
  feedLagP50: number;
  feedLagP99: number;
  marketPhase: string;
  load: string;
}

const cpuPct = (before: ChildUsage, after: ChildUsage, seconds: number) =>
  Math.round(((after.cpuMicros - before.cpuMicros) / (seconds * 1e6)) * 100);

async function runPhase(
  label: string,
  transport: Transport,
  server: ServiceChild,
  feed: ServiceChild,
  meter: FeedMeter,
  processes: ClientProcess[],
  universe: string[],
): Promise<PhaseResult> {
  console.log(`${label}: connecting ${clients} clients (load ${load()})`);
  meter.take();
  const connectStarted = performance.now();
  const connects = await Promise.all(
    processes.map((p, i) =>
      p.ask<'connected'>({
        type: 'connect',
        transport,
        port: server.port,
        count: Math.floor(clients / processes.length) + (i < clients % processes.length ? 1 : 0),
        seed: i + 2,
        symbols: num('symbols'),
        universe,
      }),
    ),
  );
  const connectSeconds = (performance.now() - connectStarted) / 1_000;
  const feedWhileConnecting = meter.take();
  const connected = connects.reduce((sum, c) => sum + c.connected, 0);
  const failed = connects.reduce((sum, c) => sum + c.failed, 0);
  const firstError = connects.find((c) => c.error)?.error;
  if (failed > 0) console.log(`${label}: ${failed} clients failed to connect (first: ${firstError})`);
  await sleep(num('warmup') * 1_000);

  await Promise.all(processes.map((p) => p.ask({ type: 'reset' })));
  meter.take();
  const [serverBefore, feedBefore] = await Promise.all([server.usage(), feed.usage()]);
  const started = performance.now();
  await sleep(num('seconds') * 1_000);
  const [serverAfter, feedAfter] = await Promise.all([server.usage(), feed.usage()]);
  const reports = await Promise.all(processes.map((p) => p.ask<'report'>({ type: 'report' })));
  const elapsed = (performance.now() - started) / 1_000;
  const feedTaken = meter.take();
  const feedLags = feedTaken.lags.sort((a, b) => a - b);
  await Promise.all(processes.map((p) => p.ask({ type: 'close' })));

  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    label,
    connected,
    failed,
    connectSeconds: Number(connectSeconds.toFixed(1)),
    connectsPerSec: Math.round(connected / connectSeconds),
    feedQuotesPerSecConnecting: Math.round(feedWhileConnecting.quotes / connectSeconds),
    updatesPerSec: Math.round(reports.reduce((sum, r) => sum + r.updates, 0) / elapsed),
    packetsPerSec: Math.round(reports.reduce((sum, r) => sum + r.packets, 0) / elapsed),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    serverCpuPct: cpuPct(serverBefore, serverAfter, elapsed),
    serverMiB: mib(serverAfter.rss),
    serverPeakMiB: mib(serverAfter.maxRss),
    feedCpuPct: cpuPct(feedBefore, feedAfter, elapsed),
    feedPeakMiB: mib(feedAfter.maxRss),
    feedQuotesPerSec: Math.round(feedTaken.quotes / elapsed),
    feedLagP50: percentile(feedLags, 0.5),
    feedLagP99: percentile(feedLags, 0.99),
    marketPhase: await phaseNow(),
    load: load(),
  };
}

function print(results: PhaseResult[]): void {
  console.table(
    results.map((r) => ({
      server: r.label,
      connected: r.connected,
      failed: r.failed,
      'connect s': r.connectSeconds,
      'connects/s': r.connectsPerSec,
      'feed quotes/s connecting': r.feedQuotesPerSecConnecting,
      'updates/s': r.updatesPerSec,
      'packets/s': r.packetsPerSec,
      'p50 ms': r.p50,
      'p95 ms': r.p95,
      'p99 ms': r.p99,
      'server CPU %': r.serverCpuPct,
      'server RSS MiB': r.serverMiB,
      'server peak RSS MiB': r.serverPeakMiB,
      'feed CPU %': r.feedCpuPct,
      'feed peak RSS MiB': r.feedPeakMiB,
      'feed quotes/s': r.feedQuotesPerSec,
      'feed lag p50/p99 ms': `${r.feedLagP50}/${r.feedLagP99}`,
      phase: r.marketPhase,
      'load avg': r.load,
    })),
  );
  const [sio, ws] = results as [PhaseResult, PhaseResult];
  const ratio = sio.updatesPerSec / ws.updatesPerSec;
  // The feed shares the box: per quote published, so a starved feed in one phase does not skew the ratio.
  const perQuote = (r: PhaseResult) => r.updatesPerSec / r.feedQuotesPerSec;
  console.log(
    `Socket.IO / ws throughput: ${ratio.toFixed(2)} (per feed quote: ${(perQuote(sio) / perQuote(ws)).toFixed(2)}); p50/p95/p99 ms: ` +
      `${sio.p50}/${sio.p95}/${sio.p99} (Socket.IO) vs ${ws.p50}/${ws.p95}/${ws.p99} (ws)`,
  );
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const p99Ratio = sio.p99 / ws.p99;
  const connectRatio = sio.connectSeconds / ws.connectSeconds;
  console.log(
    [
      `all clients connected: ${verdict(sio.connected === clients)} (${sio.connected} of ${clients})`,
      `p99 ≤ ${TARGETS.p99VsWs}× ws: ${verdict(p99Ratio <= TARGETS.p99VsWs)} (${p99Ratio.toFixed(2)}×)`,
      `throughput ≥ ${TARGETS.throughputVsWs}× ws: ${verdict(ratio >= TARGETS.throughputVsWs)} (${ratio.toFixed(2)}×)`,
      `connecting ≤ ${TARGETS.connectVsWs}× ws's time: ${verdict(connectRatio <= TARGETS.connectVsWs)} (${connectRatio.toFixed(2)}×)`,
      `server RSS ≤ 1 GiB: ${verdict(sio.serverPeakMiB <= TARGETS.rssMiB)} (${sio.serverPeakMiB} MiB)`,
    ].join('; '),
  );
}

async function cleanup(): Promise<void> {
  await Promise.allSettled(children.map((c) => c.stop()));
  await database?.close();
  // The feed's keys, its BullMQ queue and lock all live under the run's prefix.
  await deletePrefix(redis, prefix);
}

let database: { close(): Promise<void> } | undefined;

async function main(): Promise<number> {
  console.log(
    `bench:market: ${clients} clients × ${args.symbols} symbols over ${procCount} client processes, ` +
      `${args.window} ms window, ${args.warmup} s warm-up + ${args.seconds} s per server, ` +
      `${args.database}; ${machine()}`,
  );
  if (args.database === 'postgres') {
    const scratch = await scratchPostgres();
    database = scratch;
    env.DATABASE_URL = scratch.url;
  }
  const feed = await forkService(fileURLToPath(new URL('./market/feedProcess.ts', import.meta.url)), env);
  children.push(feed);
  const universe = await waitForFeed();
  const meter = await meterFeed();
  children.push({ stop: async () => meter.stop() });
  console.log(`feed live: ${universe.length} symbols, market phase ${await phaseNow()}`);

  const processes = Array.from({ length: procCount }, startClientProcess);
  children.push(...processes);
  const results: PhaseResult[] = [];
  const servers: [string, Transport, () => Promise<ServiceChild>][] = [
    [
      'Socket.IO',
      'socket.io',
      () => spawnServer(env, args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : []),
    ],
    [
      'bare ws',
      'ws',
      () => forkService(fileURLToPath(new URL('./market/wsBaseline.ts', import.meta.url)), env),
    ],
  ];
  for (const [label, transport, start] of servers) {
    const server = await start();
    children.push(server);
    results.push(await runPhase(label, transport, server, feed, meter, processes, universe));
    await server.stop();
  }
  print(results);
  return 0;
}

await runBench('bench:market', RUN_TIMEOUT_MS, cleanup, main);
