import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLots, formatMarketTime, formatPrice, trendClass, trendOf } from '../../lib/format.ts';
import { useMarketStore } from '../market/index.ts';

/** Shown of the ticks the store keeps. */
const SHOWN = 20;

/** The latest trade ticks: time (Beijing), price, lots, and who hit whom. */
export const TradeTape = memo(function TradeTape({
  symbol,
  prevClose,
}: {
  symbol: string;
  prevClose: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const trades = useMarketStore((s) => s.trades[symbol]);
  return (
    <section className="card tape" aria-label={t('stock.tape.title')} data-testid="trade-tape">
      <h2 className="card__title">{t('stock.tape.title')}</h2>
      {trades && trades.length > 0 ? (
        <ol className="tape__list">
          {trades.slice(0, SHOWN).map((tick) => (
            <li key={tick.seq} className="tape__row" data-testid="trade-tick">
              <span className="tape__time">{formatMarketTime(tick.time)}</span>
              <span
                className={trendClass(prevClose ? trendOf(Number(tick.price) - Number(prevClose)) : 'flat')}
              >
                {formatPrice(tick.price, i18n.language)}
              </span>
              <span className={`tape__volume ${tick.side === 'B' ? 'price-up' : 'price-down'}`}>
                {formatLots(tick.volume, i18n.language)}
                <span className="tape__side">
                  {t(tick.side === 'B' ? 'stock.tape.buy' : 'stock.tape.sell')}
                </span>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="tape__empty">{t('stock.tape.empty')}</p>
      )}
    </section>
  );
});
