import { classifySymbol } from '@bourse/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DASH,
  formatChange,
  formatCompact,
  formatDecimal,
  formatLots,
  formatPct,
  formatPrice,
  formatRate,
  trendClass,
  trendOf,
} from '../../lib/format.ts';
import { useThrottled } from '../../lib/useThrottled.ts';
import { type Quote, useFlash, useMarketStore } from '../market/index.ts';
import {
  amplitude,
  bidAskDifference,
  bidAskImbalance,
  marketCap,
  priceEarnings,
  volumeRatio,
} from './stockStats.ts';
import type { StockFundamentals } from './useStockFundamentals.ts';

/** A price coloured against the previous close. */
function Against({ value, prevClose, testId }: { value: string | null; prevClose: string; testId?: string }) {
  const trend = value === null ? 'flat' : trendOf(Number(value) - Number(prevClose));
  return (
    <span className={trendClass(trend)} data-testid={testId}>
      {formatPrice(value)}
    </span>
  );
}

const peText = (pe: string | null, loss: string) => (pe === 'loss' ? loss : formatDecimal(pe));

/** Lots with their sign: more bids than asks reads +, fewer -. */
function signedLots(shares: number | null, locale: string, inLots: (value: string) => string): string {
  if (shares === null) return DASH;
  const lots = formatLots(Math.abs(shares), locale);
  return inLots(shares > 0 ? `+${lots}` : shares < 0 ? `-${lots}` : lots);
}

/** How often a screen reader hears the focused stock's price while it ticks. */
const ANNOUNCE_EVERY_MS = 15_000;

/**
 * The stock's price for screen readers: a polite live region, updated at most every 15 s.
 * The visible price ticks several times a second and is not itself live, so nobody hears
 * every tick.
 */
function PriceAnnouncement({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const text = useThrottled(
    t('stock.announcement', {
      price: formatPrice(quote.price),
      pct: formatPct(quote.pct, trendOf(quote.change)),
    }),
    ANNOUNCE_EVERY_MS,
  );
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="stock-announcement">
      {text}
    </p>
  );
}

/** A signed percentage coloured by its sign (委比), or a dash. */
function SignedPercent({ value }: { value: string | null }) {
  if (value === null) return DASH;
  const trend = trendOf(value);
  return <span className={trendClass(trend)}>{formatPct(value, trend)}</span>;
}

const NO_FUNDAMENTALS: StockFundamentals = { pastDays: [], minutesElapsed: 0 };

/** The figures in their order; each is labelled `stock.<key>`. */
const STAT_KEYS = [
  'open',
  'high',
  'low',
  'prevClose',
  'volume',
  'turnover',
  'turnoverRate',
  'amplitude',
  'volumeRatio',
  'imbalance',
  'bidAskDifference',
  'pe',
  'marketCap',
  'limitUp',
  'limitDown',
] as const;
type StatKey = (typeof STAT_KEYS)[number];

/** The figures' grid; before the first quote every value is a dash, so nothing moves when it comes. */
function StatGrid({ values }: { values: Record<StatKey, ReactNode> | null }) {
  const { t } = useTranslation();
  return (
    <dl className="stock-stats">
      {STAT_KEYS.map((key) => (
        <div key={key} className="stock-stats__item" data-testid={`stock-stat-${key}`}>
          <dt>{t(`stock.${key}`)}</dt>
          <dd>{values ? values[key] : DASH}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The board tag and, for an invented company on a code no real security uses (ADR 0014), "Simulated" under it. */
function Tags({ symbol, board }: { symbol: string; board: Quote['board'] | null }) {
  const { t } = useTranslation();
  return (
    <span className="stock-header__tags">
      {/* Before the quote the pill keeps its place, empty, so the price row does not grow under it. */}
      <span className="stock-header__board">{board ? t(`market.boards.${board}`) : '\u00a0'}</span>
      {classifySymbol(symbol)?.simulated ? (
        <span
          className="stock-header__simulated"
          data-testid="stock-simulated"
          title={t('stock.simulatedHint')}
        >
          {t('stock.simulated')}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Price, change and the day's figures of one stock, live, in the order a Chinese broker app
 * lists them: the day's prices and volume, then amplitude, volume ratio, the book's balance,
 * P/E and market cap, then the limits.
 */
export function StockHeader({
  symbol,
  quote,
  fundamentals = NO_FUNDAMENTALS,
}: {
  symbol: string;
  quote: Quote | undefined;
  fundamentals?: StockFundamentals;
}) {
  const { t, i18n } = useTranslation();
  const flash = useFlash(quote);
  const book = useMarketStore((s) => s.books[symbol]);
  if (!quote) {
    return (
      <section className="card stock-header" aria-busy="true" aria-label={symbol}>
        <div className="stock-header__main">
          <span className="stock-header__price">{DASH}</span>
          <Tags symbol={symbol} board={null} />
        </div>
        <StatGrid values={null} />
      </section>
    );
  }
  const trend = trendClass(trendOf(quote.change));
  const locale = i18n.language;
  const limit = (price: string | null, side: 'up' | 'down') => (
    <span className={`price-${side}`} data-testid={`stock-limit-${side}`}>
      {price === null ? t('stock.noLimit') : formatPrice(price, locale)}
    </span>
  );
  const values: Record<StatKey, ReactNode> = {
    open: <Against value={quote.open} prevClose={quote.prevClose} />,
    high: <Against value={quote.high} prevClose={quote.prevClose} />,
    low: <Against value={quote.low} prevClose={quote.prevClose} />,
    prevClose: formatPrice(quote.prevClose, locale),
    volume: t('stock.lots', { value: formatLots(quote.volume, locale) }),
    turnover: formatCompact(quote.turnover, locale),
    turnoverRate: formatRate(quote.turnoverRate),
    amplitude: formatRate(amplitude(quote.high, quote.low, quote.prevClose)),
    volumeRatio: formatDecimal(volumeRatio(quote.volume, fundamentals.minutesElapsed, fundamentals.pastDays)),
    imbalance: <SignedPercent value={bidAskImbalance(book)} />,
    bidAskDifference: signedLots(bidAskDifference(book), locale, (value) => t('stock.lots', { value })),
    pe: peText(priceEarnings(quote.price, fundamentals.eps), t('stock.loss')),
    marketCap: formatCompact(marketCap(quote.price, fundamentals.totalShares), locale),
    limitUp: limit(quote.limitUp, 'up'),
    limitDown: limit(quote.limitDown, 'down'),
  };
  return (
    <section className="card stock-header" data-testid="stock-header">
      <div className="stock-header__main">
        <span className={`stock-header__price ${trend}`}>
          <span className={flash} data-testid="stock-price">
            {formatPrice(quote.price, locale)}
          </span>
        </span>
        <span className={`stock-header__change ${trend}`}>
          <span data-testid="stock-change">{formatChange(quote.change, locale)}</span>
          <span data-testid="stock-pct">{formatPct(quote.pct, trendOf(quote.change))}</span>
        </span>
        <Tags symbol={symbol} board={quote.board} />
      </div>
      <PriceAnnouncement quote={quote} />
      <StatGrid values={values} />
    </section>
  );
}
