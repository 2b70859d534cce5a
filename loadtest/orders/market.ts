/**
 * What the load generator reads of the market, straight from the feed's Redis keys through the
 * trading code's own market view: the status, and the touch of the symbols it trades.
 */
import type { createRedis } from '@bourse/core/platform';
import type { redisMarketView } from '@bourse/core/trading';
import {
  classifySymbol,
  FEED_KEYS,
  feedInstrumentsSchema,
  type MarketStatus,
  parseJson,
} from '@bourse/shared';
import { pickSymbols } from '../../server/src/market/testing/benchStats.ts';
import { type Touch, touchOf } from './orderMix.ts';

/** Highest limit-up price of a traded symbol, in cents: an order of 500 shares stays under 30,000 CNY. */
const MAX_LIMIT_UP_CENTS = 6_000;
type Redis = ReturnType<typeof createRedis>;
type MarketView = ReturnType<typeof redisMarketView>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the feed's status satisfies `ready`; the status it then has. */
export async function waitForStatus(
  market: MarketView,
  ready: (status: MarketStatus) => boolean,
  timeoutMs: number,
): Promise<MarketStatus> {
  const deadline = Date.now() + timeoutMs;
  let last: MarketStatus | undefined;
  while (Date.now() < deadline) {
    last = (await market.status()) ?? undefined;
    if (last && ready(last)) return last;
    await sleep(250);
  }
  throw new Error(
    `the market did not reach the expected state within ${timeoutMs / 1000} s; last status: ${JSON.stringify(last)}`,
  );
}

/**
 * `count` symbols, the same for a seed: listed main-board and ChiNext stocks (lots of 100 on
 * the 0.01 tick) with a band, both sides of the book and an affordable price.
 */
export async function chooseSymbols(
  redis: Redis,
  prefix: string,
  market: MarketView,
  count: number,
  rand: () => number,
): Promise<string[]> {
  const listing = parseJson(feedInstrumentsSchema, await redis.get(`${prefix}${FEED_KEYS.instrumentsKey}`));
  if (!listing) throw new Error('the feed has published no listing');
  const stocks = listing
    .map((i) => i.symbol)
    .filter((symbol) => {
      const symbolClass = classifySymbol(symbol);
      return (
        symbolClass?.kind === 'stock' && (symbolClass.board === 'main' || symbolClass.board === 'chinext')
      );
    });
  const quotes = await market.quotes(stocks);
  const eligible = stocks
    .filter((symbol) => {
      const quote = quotes.get(symbol);
      const touch = quote && touchOf(quote);
      return touch && touch.bid !== null && touch.ask !== null && touch.limitUp <= MAX_LIMIT_UP_CENTS;
    })
    .sort();
  if (eligible.length < count) throw new Error(`only ${eligible.length} symbols qualify, ${count} asked`);
  return pickSymbols(rand, eligible, count);
}

/** The latest touch of each symbol that has a banded quote. */
export async function readTouches(
  market: MarketView,
  symbols: readonly string[],
): Promise<Map<string, Touch>> {
  const touches = new Map<string, Touch>();
  for (const [symbol, quote] of await market.quotes(symbols)) {
    const touch = touchOf(quote);
    if (touch) touches.set(symbol, touch);
  }
  return touches;
}
