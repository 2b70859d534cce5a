import type { Book } from '@bourse/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DASH, formatLots, formatPrice, trendClass, trendOf } from '../../lib/format.ts';
import { useMarketStore } from '../market/index.ts';

const LEVELS = 5;

type Side = 'ask' | 'bid';

function Level({
  side,
  level,
  entry,
  prevClose,
  widest,
  locale,
  onPick,
}: {
  side: Side;
  level: number;
  entry: Book['bids'][number] | undefined;
  prevClose: string | undefined;
  widest: number;
  locale: string;
  onPick?: (price: string) => void;
}) {
  const { t } = useTranslation();
  const trend = entry && prevClose ? trendOf(Number(entry.price) - Number(prevClose)) : 'flat';
  const width = entry && widest > 0 ? `${Math.round((entry.volume / widest) * 100)}%` : '0%';
  const className = `book__level book__level--${side}`;
  const content = (
    <>
      <span className="book__label">{t(`stock.book.${side}`, { level })}</span>
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
  // Asks from the fifth level down to the best, then bids from the best down.
  const levels = Array.from({ length: LEVELS }, (_, i) => i + 1);
  const side = (which: Side, order: number[]) => (
    <ol className="book__side">
      {order.map((level) => (
        <Level
          key={level}
          side={which}
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
      {side('ask', [...levels].reverse())}
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
      {side('bid', levels)}
    </section>
  );
});
