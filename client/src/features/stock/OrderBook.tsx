import type { Book } from '@bourse/shared';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DASH, formatLots, formatPrice, trendClass, trendOf } from '../../lib/format.ts';
import { useMarketStore } from '../market/index.ts';

const LEVELS = 5;
/** Level numbers, best first; asks show from the fifth down to the best, then bids from the best down. */
const LEVEL_NUMBERS = Array.from({ length: LEVELS }, (_, i) => i + 1);

type Side = 'ask' | 'bid';

function Level({
  side,
  label,
  level,
  entry,
  prevClose,
  widest,
  locale,
  onPick,
}: {
  side: Side;
  label: string;
  level: number;
  entry: Book['bids'][number] | undefined;
  prevClose: string | undefined;
  widest: number;
  locale: string;
  onPick?: (price: string) => void;
}) {
  const trend = entry && prevClose ? trendOf(Number(entry.price) - Number(prevClose)) : 'flat';
  const width = entry && widest > 0 ? `${Math.round((entry.volume / widest) * 100)}%` : '0%';
  const className = `book__level book__level--${side}`;
  const content = (
    <>
      <span className="book__label">{label}</span>
      <span className={`book__price ${trendClass(trend)}`}>{formatPrice(entry?.price, locale)}</span>
      <span className="book__volume">
        <span className="book__bar" style={{ width }} aria-hidden="true" />
        {entry ? formatLots(entry.volume, locale) : DASH}
      </span>
    </>
  );
  return (
    <li data-testid={`book-${side}-${level}`}>
      {onPick && entry ? (
        <button
          type="button"
          className={`${className} book__level--pick`}
          onClick={() => onPick(entry.price)}
        >
          {content}
        </button>
      ) : (
        <div className={className}>{content}</div>
      )}
    </li>
  );
}

/**
 * Five levels each side, asks above bids, with depth bars; the call auction's indicative match
 * when there is one. With `onPick`, a tap on a level hands its price over (the order ticket).
 */
export const OrderBook = memo(function OrderBook({
  symbol,
  prevClose,
  onPick,
}: {
  symbol: string;
  prevClose: string | undefined;
  onPick?: (price: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const book = useMarketStore((s) => s.books[symbol]);
  const widest = Math.max(
    0,
    ...(book?.asks ?? []).map((l) => l.volume),
    ...(book?.bids ?? []).map((l) => l.volume),
  );
  // The rows' labels change with the language, not with the book's ticks.
  const labels = useMemo(
    () => ({
      ask: LEVEL_NUMBERS.map((level) => t('stock.book.ask', { level })),
      bid: LEVEL_NUMBERS.map((level) => t('stock.book.bid', { level })),
    }),
    [t],
  );
  const side = (which: Side, order: number[]) => (
    <ol className="book__side">
      {order.map((level) => (
        <Level
          key={level}
          side={which}
          label={labels[which][level - 1] ?? ''}
          level={level}
          entry={(which === 'ask' ? book?.asks : book?.bids)?.[level - 1]}
          prevClose={prevClose}
          widest={widest}
          locale={i18n.language}
          onPick={onPick}
        />
      ))}
    </ol>
  );
  return (
    <section className="card book" aria-label={t('stock.book.title')} data-testid="order-book">
      <h2 className="card__title">{t('stock.book.title')}</h2>
      {side('ask', [...LEVEL_NUMBERS].reverse())}
      {book?.indicative ? (
        <p className="book__indicative" data-testid="book-indicative">
          {t('stock.book.indicative', {
            price: formatPrice(book.indicative.price, i18n.language),
            volume: formatLots(book.indicative.volume, i18n.language),
          })}
        </p>
      ) : (
        <hr className="book__divider" />
      )}
      {side('bid', LEVEL_NUMBERS)}
    </section>
  );
});
