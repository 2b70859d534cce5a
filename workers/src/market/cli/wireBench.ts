/**
 * `pnpm feed:wire -- [--symbols 5000] [--publishes 40] [--rounds 5] [--seed 42]`: what the feed's
 * Redis wire costs each side, per publish, with no Redis and no other process in the way. The
 * simulator runs a stretch of continuous trading (one publish per 10 s of market time, what the
 * demo clock's 20× makes of 500 ms); each publish is encoded as the publisher encodes it, then
 * handed to each consumer's own reading code: the server's MarketState (every quote and trade
 * message, as its subscriber would), the alert evaluator's reader (every shard: the worst case,
 * alerts on every shard) and the matcher's trades reader. Prints bytes per publish and CPU ms per
 * publish (process.cpuUsage, user + system, median of the rounds), and the load average.
 */
import { parseArgs } from 'node:util';
import { readAlertQuotes } from '@bourse/core/alerts';
import { readWireTrades } from '@bourse/core/market/feedWire.ts';
import { MarketState } from '@bourse/core/market/marketState.ts';
import { FEED_KEYS } from '@bourse/shared';
import { Redis } from 'ioredis';
import { steppedClock } from '../../feed/clock.ts';
import { SimulatedFeed } from '../../feed/simulatedFeed.ts';
import type { Quote, Trade } from '../../feed/types.ts';
import { generateUniverse } from '../../feed/universe/universe.ts';
import { quoteMessages, tradeMessages } from '../publisher.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    symbols: { type: 'string', default: '5000' },
    publishes: { type: 'string', default: '40' },
    rounds: { type: 'string', default: '5' },
    seed: { type: 'string', default: '42' },
  },
});
const symbols = Number(values.symbols);
const publishes = Number(values.publishes);
const rounds = Number(values.rounds);
const seed = Number(values.seed);

const at = (hhmm: string) => Date.parse(`2026-07-06T${hhmm}:00+08:00`);
const clock = steppedClock(at('10:00'));
const feed = new SimulatedFeed({ clock, seed, universe: generateUniverse({ seed, size: symbols }) });
await feed.start();
await feed.stop();
const produced: { quotes: Quote[]; trades: Trade[] }[] = [];
let pending: { quotes: Quote[]; trades: Trade[] } = { quotes: [], trades: [] };
feed.onQuotes((batch) => pending.quotes.push(...batch));
feed.onTrades((batch) => pending.trades.push(...batch));
const seqs = new Map<string, number>();
for (let i = 1; i <= publishes; i++) {
  clock.set(at('10:00') + i * 10_000);
  feed.pump();
  // Numbered and stamped as the active feed and the publisher do.
  for (const q of pending.quotes) {
    q.seq = (seqs.get(q.symbol) ?? 0) + 1;
    seqs.set(q.symbol, q.seq);
    q.ts = clock.wallNow();
  }
  produced.push(pending);
  pending = { quotes: [], trades: [] };
}

/** CPU ms per publish of `work` over every publish, median of the rounds. */
function cpuPerPublish(work: (i: number) => void): number {
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const before = process.cpuUsage();
    for (let i = 0; i < produced.length; i++) work(i);
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / 1000 / produced.length);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

let encoded: {
  quotes: { shard: number; message: string }[];
  trades: { shard: number; message: string }[];
}[] = [];
const encodeMs = cpuPerPublish((i) => {
  if (i === 0) encoded = [];
  const p = produced[i]!;
  encoded.push({ quotes: quoteMessages(p.quotes), trades: tradeMessages(p.trades) });
});

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const quoteBytes = sum(encoded.flatMap((p) => p.quotes.map((m) => Buffer.byteLength(m.message)))) / publishes;
const tradeBytes = sum(encoded.flatMap((p) => p.trades.map((m) => Buffer.byteLength(m.message)))) / publishes;
const quotesPer = sum(produced.map((p) => p.quotes.length)) / publishes;
const tradesPer = sum(produced.map((p) => p.trades.length)) / publishes;

const prefix = 'wire-bench:';
// Never connected: MarketState only reads Redis when started, and the bench hands it messages itself.
const redis = new Redis({ lazyConnect: true });
const state = new MarketState(redis, prefix);
const serverQuotesMs = cpuPerPublish((i) => {
  for (const { shard, message } of encoded[i]!.quotes)
    state.receive(`${prefix}${FEED_KEYS.quotesChannel(shard)}`, message);
});
const serverTradesMs = cpuPerPublish((i) => {
  for (const { shard, message } of encoded[i]!.trades)
    state.receive(`${prefix}${FEED_KEYS.tradesChannel(shard)}`, message);
});
let alertQuotes = 0;
const alertsMs = cpuPerPublish((i) => {
  for (const { message } of encoded[i]!.quotes) alertQuotes += readAlertQuotes(message)?.length ?? 0;
});
let matcherBatches = 0;
const matcherMs = cpuPerPublish((i) => {
  for (const { message } of encoded[i]!.trades) matcherBatches += readWireTrades(message)?.length ?? 0;
});
if (state.quote(produced[0]!.quotes[0]!.symbol) === undefined || alertQuotes === 0 || matcherBatches === 0)
  throw new Error('a consumer read nothing: the bench measured no work');
state.close();

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(
  `feed:wire ${symbols} symbols, seed ${seed}, ${publishes} publishes of continuous trading, median of ${rounds} rounds; load ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `per publish: ${quotesPer.toFixed(0)} quotes in ${kb(quoteBytes)} (${(quoteBytes / quotesPer).toFixed(0)} B each), ${tradesPer.toFixed(0)} trades in ${kb(tradeBytes)}`,
);
console.log('CPU ms per publish:');
console.log(`  feed, encoding           ${encodeMs.toFixed(2)}`);
console.log(`  server, quotes           ${serverQuotesMs.toFixed(2)}`);
console.log(`  server, trades           ${serverTradesMs.toFixed(2)}`);
console.log(`  alert evaluator, quotes  ${alertsMs.toFixed(2)}`);
console.log(`  matcher, trades          ${matcherMs.toFixed(2)}`);
