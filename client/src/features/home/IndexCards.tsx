import type { IndexQuoteUpdate } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { DASH, formatChange, formatPct, formatPrice, trendClass, trendOf } from '../../lib/format.ts';
import { Sparkline } from './Sparkline.tsx';

/** The three headline indices, in the order Chinese apps show them. */
export const INDEX_SYMBOLS = ['sh000001', 'sz399001', 'sz399006'] as const;
export type IndexSymbol = (typeof INDEX_SYMBOLS)[number];

export interface IndexView {
  quote?: IndexQuoteUpdate;
  /** Today's points for the sparkline, oldest first. */
  points?: readonly number[];
}

/**
 * Index cards: level, change and a sparkline of the day. The quotes stream from the market
 * gateway (`indices:subscribe`); the line is the intraday route's minutes, grown from the quotes
 * between reloads (useIndexViews). Until the first quote a card shows its name and dashes.
 */
export function IndexCards({ indices }: { indices: Partial<Record<IndexSymbol, IndexView>> }) {
  const { t } = useTranslation();
  return (
    <section className="index-cards" aria-label={t('home.indices.label')} data-testid="index-cards">
      {INDEX_SYMBOLS.map((symbol) => {
        const view = indices[symbol];
        const quote = view?.quote;
        const trend = trendClass(trendOf(quote?.change));
        return (
          <div
            key={symbol}
            className={`index-card ${trend}`}
            data-testid={`index-${symbol}`}
            aria-busy={!quote}
          >
            <span className="index-card__name">{t(`home.indices.${symbol}`)}</span>
            <span className="index-card__value">{formatPrice(quote?.value)}</span>
            <span className="index-card__change">
              {quote ? `${formatChange(quote.change)} ${formatPct(quote.pct, trendOf(quote.change))}` : DASH}
            </span>
            {view?.points && view.points.length > 1 ? (
              <Sparkline values={view.points} base={quote ? Number(quote.prevClose) : undefined} />
            ) : (
              <span className="sparkline sparkline--empty" aria-hidden="true" />
            )}
          </div>
        );
      })}
    </section>
  );
}
