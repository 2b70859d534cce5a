/**
 * A client process of bench-market: on `connect`, opens its share of the clients against a
 * Socket.IO gateway or the bare ws baseline, each subscribed to the same random symbols for the
 * same seed, and counts what arrives. Driven over IPC by the parent; exits with it.
 */
import type { QuoteUpdate } from '@bourse/shared';
import { WebSocket } from 'ws';
import { LatencySample, pickSymbols, random } from '../../server/src/market/testing/benchStats.ts';
import { subscribeQuotes } from '../../server/src/market/testing/quoteClient.ts';

export type Transport = 'socket.io' | 'ws';

export type ClientCommand =
  | {
      type: 'connect';
      transport: Transport;
      port: number;
      count: number;
      seed: number;
      symbols: number;
      universe: string[];
    }
  | { type: 'reset' | 'report' | 'close' };

export type ClientReply =
  | { type: 'connected'; connected: number; failed: number; error?: string }
  | { type: 'reset' | 'closed' }
  | { type: 'report'; updates: number; packets: number; latencies: number[] };

const LATENCY_SAMPLES = 20_000;
/** Handshakes in flight per process: enough to fill the pipe, few enough not to time out on a busy box. */
const CONNECT_CONCURRENCY = 50;
const CONNECT_TIMEOUT_MS = 120_000;

let updates = 0;
let packets = 0;
let latencies = new LatencySample(LATENCY_SAMPLES, random(1));
let open: (() => void)[] = [];

function onBatch(batch: readonly QuoteUpdate[]): void {
  if (batch.length === 0) return;
  packets++;
  updates += batch.length;
  const now = Date.now();
  for (const update of batch) latencies.record(now - update.ts);
}

function connectWs(port: number, symbols: string[]): Promise<() => void> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`, { handshakeTimeout: CONNECT_TIMEOUT_MS });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ symbols })));
    // The first frame answers the subscription (its snapshots), read as Socket.IO's ack is.
    ws.once('message', (data) => {
      JSON.parse(String(data));
      ws.on('message', (data) => onBatch(JSON.parse(String(data)) as QuoteUpdate[]));
      resolve(() => ws.terminate());
    });
  });
}

async function connect(command: Extract<ClientCommand, { type: 'connect' }>): Promise<ClientReply> {
  const rand = random(command.seed);
  latencies = new LatencySample(LATENCY_SAMPLES, random(command.seed));
  let connected = 0;
  let failed = 0;
  let error: string | undefined;
  const one = async () => {
    const symbols = pickSymbols(rand, command.universe, command.symbols);
    try {
      open.push(
        command.transport === 'ws'
          ? await connectWs(command.port, symbols)
          : await subscribeQuotes(command.port, symbols, onBatch).then((socket) => () => socket.disconnect()),
      );
      connected++;
    } catch (err) {
      failed++;
      error ??= (err as Error).message;
    }
  };
  // A sliding window: a new handshake starts as soon as one ends, not when the slowest of a group does.
  let started = 0;
  const lane = async () => {
    while (started < command.count) {
      started++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, command.count) }, lane));
  return { type: 'connected', connected, failed, ...(error ? { error } : {}) };
}

function handle(command: ClientCommand): ClientReply | Promise<ClientReply> {
  switch (command.type) {
    case 'connect':
      return connect(command);
    case 'reset':
      updates = 0;
      packets = 0;
      latencies.reset();
      return { type: 'reset' };
    case 'report':
      return { type: 'report', updates, packets, latencies: latencies.values };
    case 'close':
      for (const close of open) close();
      open = [];
      return { type: 'closed' };
  }
}

process.on('message', async (command: ClientCommand) => process.send?.(await handle(command)));
process.once('disconnect', () => process.exit(0));
