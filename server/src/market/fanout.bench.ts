/**
 * Fan-out micro-benchmark: per-socket batches against per-symbol room broadcasts.
 *
 *   pnpm exec tsx server/src/market/fanout.bench.ts [--clients 1000] [--symbols 50]
 *     [--universe 5000] [--rate 10000] [--seconds 10] [--procs 4] [--window 250]
 *
 * This process plays the feed (synthetic quotes at --rate updates/s over the universe, per the
 * marketFeed contract); the server is a real startServer in a child process; the clients are
 * socket.io-client connections spread over --procs child processes, each watching --symbols
 * random codes. Each strategy runs on a fresh server after an ingest-only baseline (no clients).
 * Needs Redis at REDIS_URL (default 127.0.0.1:6379).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FeedDouble, feedQuote, marketStatus } from '@bourse/core/market/testing/feedDouble.ts';
import { createRedis } from '@bourse/core/platform/redis.ts';
import { deleteKeys } from '@bourse/core/testing/redis.ts';
import type { FeedQuote, QuoteUpdate } from '@bourse/shared';
import { LatencySample, percentile, pickSymbols, random } from './testing/benchStats.ts';
import { subscribeQuotes } from './testing/quoteClient.ts';
import { type ServerChild, spawnServer } from './testing/spawnServer.ts';

const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    clients: { type: 'string', default: '1000' },
    symbols: { type: 'string', default: '50' },
    universe: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '10' },
    procs: { type: 'string', default: '4' },
    window: { type: 'string', default: '250' },
    port: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
  },
});
const num = (name: keyof typeof args) => Number(args[name]);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WARMUP_MS = 3_000;
const LATENCY_SAMPLES = 20_000;

const universe = Array.from({ length: num('universe') }, (_, i) => String(604000 + i));

interface ClientReport {
  type: 'report';
  updates: number;
  events: number;
  latencies: number[];
}

/** A client process: connects its share of the clients, subscribes, counts what arrives. */
async function runClients(): Promise<void> {
  const rand = random(num('seed'));
  let updates = 0;
  let events = 0;
  const latencies = new LatencySample(LATENCY_SAMPLES, rand);
  const onQuotes = (batch: QuoteUpdate[]) => {
    events++;
    updates += batch.length;
    const now = Date.now();
    for (const update of batch) latencies.record(now - update.ts);
  };
  const connectOne = async () => {
    await subscribeQuotes(Number(args.port), pickSymbols(rand, universe, num('symbols')), onQuotes);
  };
  const total = num('clients');
  for (let started = 0; started < total; started += 50) {
    await Promise.all(Array.from({ length: Math.min(50, total - started) }, connectOne));
  }
  process.on('message', (message: { type: string }) => {
    if (message.type === 'reset') {
      updates = 0;
      events = 0;
      latencies.reset();
    } else if (message.type === 'report') {
      process.send?.({ type: 'report', updates, events, latencies: latencies.values } satisfies ClientReport);
    }
  });
  process.once('disconnect', () => process.exit(0));
  process.send?.({ type: 'ready' });
}

/** Publishes `rate` quote updates a second, in 50 ms batches grouped by shard, like the feed. */
function startFeed(publish: (quotes: FeedQuote[]) => Promise<void>, seqs: Map<string, number>) {
  const rand = random(7);
  const perBatch = Math.max(1, Math.round(num('rate') / 20));
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    const quotes: FeedQuote[] = [];
    const now = Date.now();
    for (let i = 0; i < perBatch; i++) {
      const symbol = universe[Math.floor(rand() * universe.length)]!;
      const seq = (seqs.get(symbol) ?? 1) + 1;
      seqs.set(symbol, seq);
      const cents = 900 + Math.floor(rand() * 200);
      quotes.push(
        feedQuote(symbol, { seq, ts: now, time: now, price: (cents / 100).toFixed(2), volume: seq * 100 }),
      );
    }
    publish(quotes).finally(() => {
      busy = false;
    });
  }, 50);
  return () => clearInterval(timer);
}

interface ClientProcess {
  ask(type: 'reset' | 'report'): Promise<ClientReport | undefined>;
  stop(): void;
}

interface RunResult {
  label: string;
  clients: number;
  updatesPerSec: number;
  eventsPerSec: number;
  serverCpuPct: number;
  cpuMicrosPerUpdate: number;
  p50: number;
  p99: number;
  rssMiB: number;
}

async function measure(label: string, prefix: string, fanout: string, clients: number): Promise<RunResult> {
  const server: ServerChild = await spawnServer({
    REDIS_URL,
    REDIS_PREFIX: prefix,
    MARKET_FANOUT: fanout,
    MARKET_CONFLATION_MS: args.window!,
    // Every client comes from 127.0.0.1: the per-address connection cap (default 50) is off.
    SOCKET_MAX_PER_IP: '0',
  });
  const procs = clients === 0 ? 0 : Math.min(num('procs'), clients);
  const processes: ClientProcess[] = [];
  try {
    for (let i = 0; i < procs; i++) {
      const count = Math.floor(clients / procs) + (i < clients % procs ? 1 : 0);
      processes.push(await startClientProcess(server.port, count, i + 2));
    }
    await new Promise((resolve) => setTimeout(resolve, WARMUP_MS));
    await Promise.all(processes.map((p) => p.ask('reset')));
    const before = await server.usage();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, num('seconds') * 1_000));
    const after = await server.usage();
    const reports = (await Promise.all(processes.map((p) => p.ask('report')))) as ClientReport[];
    const elapsed = (performance.now() - started) / 1_000;
    const updates = reports.reduce((sum, r) => sum + r.updates, 0);
    const events = reports.reduce((sum, r) => sum + r.events, 0);
    const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const cpuMicros = after.cpuMicros - before.cpuMicros;
    return {
      label,
      clients,
      updatesPerSec: Math.round(updates / elapsed),
      eventsPerSec: Math.round(events / elapsed),
      serverCpuPct: Math.round((cpuMicros / (elapsed * 1e6)) * 100),
      cpuMicrosPerUpdate: updates === 0 ? Number.NaN : Number((cpuMicros / updates).toFixed(2)),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      rssMiB: Math.round(after.rss / 2 ** 20),
    };
  } finally {
    for (const p of processes) p.stop();
    await server.stop();
  }
}

function startClientProcess(port: number, count: number, seed: number): Promise<ClientProcess> {
  const child = fork(
    fileURLToPath(import.meta.url),
    [
      '--role=clients',
      `--port=${port}`,
      `--clients=${count}`,
      `--seed=${seed}`,
      `--symbols=${args.symbols}`,
      `--universe=${args.universe}`,
    ],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`client process exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', () => {
      child.off('exit', onExit);
      resolve({
        ask(type) {
          child.send({ type });
          if (type === 'reset') return Promise.resolve(undefined);
          return new Promise((answer) => child.once('message', (m: ClientReport) => answer(m)));
        },
        stop: () => child.disconnect(),
      });
    });
  });
}

async function main(): Promise<void> {
  const redis = createRedis(REDIS_URL);
  const prefix = `bench:${randomUUID()}:`;
  const feed = new FeedDouble(redis, prefix);
  const seqs = new Map<string, number>();
  await feed.status(marketStatus());
  for (let i = 0; i < universe.length; i += 500) {
    await feed.quotes(universe.slice(i, i + 500).map((symbol) => feedQuote(symbol)));
  }
  // Without snapshots or schema checks: the bench measures fan-out, not the feed's own work.
  const stopFeed = startFeed((quotes) => feed.quotes(quotes, { snapshot: false, trusted: true }), seqs);
  const clients = num('clients');
  console.log(
    `fan-out bench: ${clients} clients × ${args.symbols} symbols, universe ${universe.length}, ` +
      `feed ${args.rate} updates/s, window ${args.window} ms, ${args.seconds} s per run, ${args.procs} client processes`,
  );
  const results: RunResult[] = [];
  try {
    results.push(await measure('ingest only', prefix, 'batch', 0));
    for (const fanout of ['batch', 'rooms']) results.push(await measure(fanout, prefix, fanout, clients));
  } finally {
    stopFeed();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  }
  console.table(
    results.map((r) => ({
      strategy: r.label,
      clients: r.clients,
      'updates/s': r.updatesPerSec,
      'packets/s': r.eventsPerSec,
      'server CPU %': r.serverCpuPct,
      'CPU µs/update': r.cpuMicrosPerUpdate,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'RSS MiB': r.rssMiB,
    })),
  );
}

if (args.role === 'clients') await runClients();
else await main();
