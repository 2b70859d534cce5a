import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { isDecimalString } from '../money.ts';
import { KLINE_PERIODS } from './klinePeriods.ts';

/**
 * The market wire protocol: Socket.IO namespace /market and the REST routes under
 * /api/market. Prices and amounts are decimal strings; share counts are integers.
 * Bump the version on any breaking change; the client refuses a server it does not speak.
 */
export const MARKET_PROTOCOL_VERSION = 1;

export const MARKET_NAMESPACE = '/market';

/** Socket event names in one place; client and server import these, never string literals. */
export const MARKET_EVENTS = {
  quotesSubscribe: 'quotes:subscribe',
  quotesUnsubscribe: 'quotes:unsubscribe',
  quotes: 'quotes',
  rankSubscribe: 'rank:subscribe',
  rankUnsubscribe: 'rank:unsubscribe',
  rank: 'rank',
  bookSubscribe: 'book:subscribe',
  bookUnsubscribe: 'book:unsubscribe',
  book: 'book',
  trades: 'trades',
  /** No payload; the ack carries every index quote (indexQuoteSchema), then `indices` events follow. */
  indicesSubscribe: 'indices:subscribe',
  indicesUnsubscribe: 'indices:unsubscribe',
  /** An array of the index quotes that changed in the conflation window, latest values only. */
  indices: 'indices',
  /** No payload; the ack carries the market breadth (marketBreadthSchema), then `breadth` events follow. */
  breadthSubscribe: 'breadth:subscribe',
  breadthUnsubscribe: 'breadth:unsubscribe',
  /** The market breadth, whole: at most once per conflation window, and only when a count changed. */
  breadth: 'breadth',
  /** The market phase and the simulated flag, on connect and on every change. */
  status: 'status',
  /** Whether this server hears the feed live (marketStreamSchema), on connect and on every change. */
  stream: 'stream',
} as const;

const price = z.string().refine(isDecimalString);
const nullablePrice = price.nullable();

export const marketPhaseSchema = z.enum([
  'closed',
  'preOpen',
  'openingCall',
  'openingCallLocked',
  'preContinuous',
  'continuous',
  'lunchBreak',
  'closingCall',
  'postClose',
  'afterHoursFixed',
]);

/** What a `quotes` event carries per symbol: conflated, always the latest values. */
export const quoteUpdateSchema = z.object({
  symbol: z.string(),
  price,
  change: price,
  /** Percent, two decimals: "1.23" is +1.23%. */
  pct: price,
  open: nullablePrice,
  high: nullablePrice,
  low: nullablePrice,
  /** Shares traded today. */
  volume: z.number().int().nonnegative(),
  /** CNY traded today. */
  turnover: price,
  turnoverRate: price,
  /** The feed's publish time, ms since the epoch: latency is measured from it. */
  ts: z.number(),
  /** Per-symbol sequence number: a gap means resubscribe for a fresh snapshot. */
  seq: z.number().int(),
});
export type QuoteUpdate = z.infer<typeof quoteUpdateSchema>;

/** A full row: the update plus what does not change during the day. */
export const quoteSnapshotSchema = quoteUpdateSchema.extend({
  name: z.string(),
  prevClose: price,
  limitUp: nullablePrice,
  limitDown: nullablePrice,
  board: z.enum(['main', 'chinext', 'star', 'bse']),
});
export type QuoteSnapshot = z.infer<typeof quoteSnapshotSchema>;

/** Index codes carry their exchange, so they never collide with a stock's six digits. */
const INDEX_CODE = /^(sh|sz)\d{6}$/;
export const isIndexSymbol = (symbol: string): boolean => INDEX_CODE.test(symbol);

/**
 * An index: exchange-prefixed code (sh000001, sz399001, sz399006) and points in place of a
 * price. The feed publishes every index when any changed; the gateway streams them to sockets
 * that sent `indices:subscribe`.
 */
export const indexQuoteSchema = z.object({
  symbol: z.string().regex(INDEX_CODE),
  name: z.string(),
  value: price,
  open: nullablePrice,
  high: nullablePrice,
  low: nullablePrice,
  prevClose: price,
  change: price,
  pct: price,
  /** Shares traded today by the constituents. */
  volume: z.number().int().nonnegative(),
  turnover: price,
  /** The feed's publish time, ms since the epoch. */
  ts: z.number(),
  /** Exchange time of the data. */
  time: z.number(),
  /** Per-index sequence number, as for quotes. */
  seq: z.number().int(),
});
export type IndexQuoteUpdate = z.infer<typeof indexQuoteSchema>;
/** The `indices:subscribe` ack's data and every `indices` event. */
export const indexQuotesSchema = z.array(indexQuoteSchema);

const count = z.number().int().nonnegative();

/**
 * How many stocks (indices are not counted) are up, flat and down on the day, by their change
 * from the previous close. A stock without a trade today (suspended, or not yet traded) counts as
 * flat whatever its quote says, as the gainers and losers lists leave it out. limitUp and
 * limitDown count the names sealed at their limit price, as on those lists.
 */
export const marketBreadthSchema = z.object({
  up: count,
  flat: count,
  down: count,
  /** up + flat + down: every stock quoted. */
  total: count,
  limitUp: count,
  limitDown: count,
  /** The feed's publish time of the newest quote counted, ms since the epoch; 0 before any. */
  ts: z.number(),
});
export type MarketBreadth = z.infer<typeof marketBreadthSchema>;

export const bookLevelSchema = z.object({ price, volume: z.number().int().nonnegative() });
export const bookSchema = z.object({
  symbol: z.string(),
  bids: z.array(bookLevelSchema).max(5),
  asks: z.array(bookLevelSchema).max(5),
  /** During a call auction: what would match now. */
  indicative: z.object({ price, volume: z.number().int() }).nullable(),
  ts: z.number(),
  seq: z.number().int(),
});
export type Book = z.infer<typeof bookSchema>;

export const tradeTickSchema = z.object({
  price,
  volume: z.number().int().positive(),
  side: z.enum(['B', 'S']),
  /** `open` and `close` mark the single uncrossing print of each call auction; absent means continuous. */
  kind: z.enum(['continuous', 'open', 'close']).optional(),
  time: z.number(),
  seq: z.number().int(),
});
export const tradesEventSchema = z.object({ symbol: z.string(), trades: z.array(tradeTickSchema) });
export type TradeTick = z.infer<typeof tradeTickSchema>;

export const RANK_LISTS = ['limitUp', 'limitDown', 'tenDeal', 'gainers', 'losers', 'dragonTiger'] as const;
export const rankListSchema = z.enum(RANK_LISTS, { message: 'market.unknownList' });
export type RankList = (typeof RANK_LISTS)[number];

export const rankRowSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  price,
  pct: price,
  turnover: price,
  turnoverRate: price,
  /** limitUp / limitDown: shares queued at the limit price (the seal). */
  sealVolume: z.number().int().optional(),
  /** limitUp / limitDown: the seal in CNY, sealVolume × the limit price. */
  sealAmount: price.optional(),
  /** Its change over the last minute of market time; null until the feed has watched a whole minute. */
  sealAmountChange: nullablePrice.optional(),
  /** Market time (ms) the name first sealed today; null while at the limit without ever sealing. */
  firstSealTime: z.number().nullable().optional(),
  /** Market time it last sealed again after the seal broke (炸板); the first seal's if it never broke. */
  lastSealTime: z.number().nullable().optional(),
  /** How many times today the seal broke. */
  sealBreaks: z.number().int().nonnegative().optional(),
  /** 连板: trading days in a row at this limit up to and including today (1: today only). */
  limitDays: z.number().int().positive().optional(),
  /** tenDeal: aggressor-buy and aggressor-sell turnover and their difference. */
  buy: price.optional(),
  sell: price.optional(),
  net: price.optional(),
});
export type RankRow = z.infer<typeof rankRowSchema>;

export const seatSchema = z.object({ seat: z.string(), amount: price });
export const DRAGON_TIGER_REASONS = [
  'deviationUp',
  'deviationDown',
  'changeUp',
  'changeDown',
  'amplitude',
  'turnoverRate',
] as const;
export type DragonTigerReason = (typeof DRAGON_TIGER_REASONS)[number];
export const dragonTigerEntrySchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** Which test put it on the list: an i18n key under market.dragonTiger.reason. */
  reason: z.enum(DRAGON_TIGER_REASONS),
  /** The figure that met the test, in percent. */
  value: price,
  close: price,
  pct: price,
  turnover: price,
  buys: z.array(seatSchema).max(5),
  sells: z.array(seatSchema).max(5),
  net: price,
});
export type DragonTigerEntry = z.infer<typeof dragonTigerEntrySchema>;

export const rankEventSchema = z.object({
  list: rankListSchema,
  tradingDate: z.string(),
  rows: z.array(rankRowSchema),
  ts: z.number(),
  seq: z.number().int(),
});
export type RankEvent = z.infer<typeof rankEventSchema>;

export const marketStatusSchema = z.object({
  protocol: z.literal(MARKET_PROTOCOL_VERSION),
  phase: marketPhaseSchema,
  tradingDate: z.string(),
  /** True when the data is not a real exchange's: screens label it a simulation. */
  simulated: z.boolean(),
  /** Exchange time of the latest data, ms. */
  time: z.number(),
  /**
   * Demo mode: the compressed days' clock (shared demoTimeline), from which anyone computes market
   * time at any real instant. Absent on the exchange calendar, where market time is Shanghai wall time.
   */
  clock: z.object({ anchor: z.number(), firstDate: z.string(), cycleMs: z.number().positive() }).optional(),
});
export type MarketStatus = z.infer<typeof marketStatusSchema>;

/**
 * `reconnecting`: the server lost the feed (Redis dropped its subscriber) and the prices it
 * holds are not live; it resyncs from the snapshots and says `live` again.
 */
export const marketStreamSchema = z.object({ state: z.enum(['live', 'reconnecting']) });
export type MarketStreamEvent = z.infer<typeof marketStreamSchema>;
export type MarketStream = MarketStreamEvent['state'];

/** Client → server payloads. */
export const MAX_SYMBOLS_PER_SOCKET = 300;
const symbolCode = z.string().regex(/^\d{6}$/, { message: 'market.badSymbol' });
export const quotesSubscribeSchema = z.object({
  symbols: z.array(symbolCode).min(1).max(MAX_SYMBOLS_PER_SOCKET, { message: 'market.tooManySymbols' }),
});
export const rankSubscribeSchema = z.object({ list: rankListSchema });
export const bookSubscribeSchema = z.object({ symbol: symbolCode });
/** What has a chart (K-line, intraday): a stock or an index. Quotes and books stay stocks only. */
const chartSymbol = z.string().regex(/^(\d{6}|(sh|sz)\d{6})$/, { message: 'market.badChartSymbol' });

export const klinePeriodSchema = z.enum(KLINE_PERIODS, { message: 'market.badPeriod' });

export const barSchema = z.object({
  /** Bar start, ms since the epoch. */
  time: z.number(),
  open: price,
  high: price,
  low: price,
  close: price,
  volume: z.number().int(),
  turnover: price,
});
export type Bar = z.infer<typeof barSchema>;

export const instrumentSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  initials: z.string(),
  board: z.enum(['main', 'chinext', 'star', 'bse']),
  exchange: z.enum(['SSE', 'SZSE', 'BSE']),
  isST: z.boolean(),
  sector: z.string(),
  /**
   * The feed's fundamentals, for the stock page's market cap (price × total shares) and P/E
   * (price / EPS). Absent where the feed gives none (a vendor without them): the page shows dashes.
   */
  totalShares: z.number().int().positive().optional(),
  /** Trailing twelve-month earnings per share, CNY; negative for a loss. */
  eps: price.optional(),
});
export type InstrumentListing = z.infer<typeof instrumentSchema>;

export const marketRoutes = {
  quotes: defineRoute({
    method: 'get',
    path: '/market/quotes',
    summary: 'Latest snapshot of up to 300 symbols (comma-separated)',
    auth: 'public',
    // Room for more than 300 codes, so the handler can count them and answer market.tooManySymbols.
    query: z.object({ symbols: z.string().max(4200) }),
    response: z.array(quoteSnapshotSchema),
  }),
  board: defineRoute({
    method: 'get',
    path: '/market/board',
    summary: 'Every symbol of a board, sorted by a field, as a list of codes (the market screen pages it)',
    auth: 'public',
    query: z.object({
      board: z.enum(['all', 'main', 'chinext', 'star', 'bse']).default('all'),
      sort: z.enum(['pct', 'price', 'turnover', 'symbol']).default('pct'),
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
    response: z.object({ symbols: z.array(z.string()), ts: z.number() }),
  }),
  kline: defineRoute({
    method: 'get',
    path: '/market/kline',
    summary: 'Bars of a period, newest last; `before` pages back in time',
    auth: 'public',
    query: z.object({
      symbol: chartSymbol,
      period: klinePeriodSchema,
      limit: z.coerce.number().int().min(1).max(1000).default(300),
      before: z.coerce.number().int().positive().optional(),
    }),
    response: z.object({ bars: z.array(barSchema), hasMore: z.boolean() }),
  }),
  intraday: defineRoute({
    method: 'get',
    path: '/market/intraday',
    summary: "Today's 1-minute prices (an index's points) with the average line",
    auth: 'public',
    query: z.object({ symbol: chartSymbol }),
    response: z.object({
      tradingDate: z.string(),
      prevClose: price,
      points: z.array(
        z.object({
          time: z.number(),
          price,
          /** A stock's average price (turnover / volume); an index's points averaged by its constituents' volume. */
          average: price,
          volume: z.number().int(),
        }),
      ),
    }),
  }),
  instrument: defineRoute({
    method: 'get',
    path: '/market/instrument',
    summary: 'One stock of the listing, with its fundamentals (total shares, EPS)',
    auth: 'public',
    query: z.object({ symbol: symbolCode }),
    response: instrumentSchema,
  }),
  search: defineRoute({
    method: 'get',
    path: '/market/search',
    summary: 'Instruments by code prefix, name or pinyin initials',
    auth: 'public',
    query: z.object({
      q: z.string().trim().min(1).max(20),
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    response: z.array(instrumentSchema),
  }),
  rank: defineRoute({
    method: 'get',
    path: '/market/rank/:list',
    summary: 'A ranking list; dragonTiger takes ?date=YYYY-MM-DD',
    auth: 'public',
    query: z.object({
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
    }),
    response: z.union([
      rankEventSchema,
      z.object({ tradingDate: z.string(), entries: z.array(dragonTigerEntrySchema) }),
    ]),
  }),
  dragonTigerDates: defineRoute({
    method: 'get',
    path: '/market/dragonTiger/dates',
    summary: 'Trading days with a dragon-tiger list, newest first',
    auth: 'public',
    query: z.object({ limit: z.coerce.number().int().min(1).max(250).default(60) }),
    response: z.object({ dates: z.array(z.string()) }),
  }),
  breadth: defineRoute({
    method: 'get',
    path: '/market/breadth',
    summary: 'How many stocks are up, flat and down on the day, and how many are sealed at a limit',
    auth: 'public',
    response: marketBreadthSchema,
  }),
  status: defineRoute({
    method: 'get',
    path: '/market/status',
    summary: 'Market phase, trading date and whether the data is simulated',
    auth: 'public',
    response: marketStatusSchema,
  }),
} as const;
