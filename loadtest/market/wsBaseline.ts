/**
 * The baseline: a bare `ws` server that hears the feed's quote channels under REDIS_PREFIX and
 * sends each client what the Socket.IO gateway would: its symbols' level-1 updates of each
 * MARKET_CONFLATION_MS window, as one JSON array, with the gateway's own index and conflator.
 * A client subscribes with its first message, { symbols }, and is answered, as the gateway's
 * quotes:subscribe ack answers, with its symbols' full snapshots (those heard so far).
 * No schema checks and no protocol framing: that is what the ratio measures.
 */
import { readWireQuotes } from '@bourse/core/market/feedWire.ts';
import { createRedis } from '@bourse/core/platform';
import { FEED_KEYS, FEED_SHARDS, type FeedQuote, type QuoteUpdate } from '@bourse/shared';
import { type WebSocket, WebSocketServer } from 'ws';
import { toQuoteSnapshot, toQuoteUpdate } from '../../core/src/market/quoteViews.ts';
import { Conflator } from '../../server/src/market/conflator.ts';
import { SubscriptionIndex } from '../../server/src/market/subscriptionIndex.ts';
import { serveParent } from '../../server/src/market/testing/benchChild.ts';

/** As the gateway: a socket with more than this queued skips the window and is owed its symbols. */
const MAX_QUEUED_BYTES = 256 * 1024;

const prefix = process.env.REDIS_PREFIX!;
const index = new SubscriptionIndex<WebSocket>();
const conflator = new Conflator(index);
const latest = new Map<string, QuoteUpdate>();
const snapshots = new Map<string, FeedQuote>();

const redis = createRedis(process.env.REDIS_URL!);
redis.on('message', (_channel: string, text: string) => {
  // Read as the server reads them (MarketState): the feed's wire, checked.
  for (const quote of readWireQuotes(text) ?? []) {
    snapshots.set(quote.symbol, quote);
    latest.set(quote.symbol, toQuoteUpdate(quote));
    conflator.touch(quote.symbol);
  }
});
await redis.subscribe(
  ...Array.from({ length: FEED_SHARDS }, (_, shard) => `${prefix}${FEED_KEYS.quotesChannel(shard)}`),
);

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
wss.on('connection', (ws) => {
  ws.once('message', (data) => {
    const { symbols } = JSON.parse(String(data)) as { symbols: string[] };
    index.add(ws, symbols);
    const heard = symbols.flatMap((symbol) => snapshots.get(symbol) ?? []);
    ws.send(JSON.stringify(heard.map(toQuoteSnapshot)));
  });
  ws.on('close', () => {
    index.removeAll(ws);
    conflator.forget(ws);
  });
});
await new Promise((resolve) => wss.once('listening', resolve));

const timer = setInterval(() => {
  for (const [ws, symbols] of conflator.drainBatches((s) => s.bufferedAmount > MAX_QUEUED_BYTES)) {
    const batch = symbols.map((s) => latest.get(s)).filter((u): u is QuoteUpdate => u !== undefined);
    if (batch.length > 0) ws.send(JSON.stringify(batch));
  }
}, Number(process.env.MARKET_CONFLATION_MS));

serveParent(
  (wss.address() as { port: number }).port,
  () => index.subscriberCount,
  async () => {
    clearInterval(timer);
    for (const ws of wss.clients) ws.terminate();
    await new Promise((resolve) => wss.close(resolve));
    redis.disconnect();
  },
);
