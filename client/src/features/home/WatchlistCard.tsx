import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DASH, formatPct, formatPrice, trendClass, trendOf } from '../../lib/format.ts';
import { CardHead } from '../../shared-ui/CardHead.tsx';
import { NameCode } from '../../shared-ui/NameCode.tsx';
import { useFlash, useQuote, useQuoteStream } from '../market/index.ts';
import { useWatchlist } from '../watchlist/index.ts';

function WatchRow({ symbol }: { symbol: string }) {
  const quote = useQuote(symbol);
  const flash = useFlash(quote);
  const trend = trendClass(trendOf(quote?.pct));
  return (
    <li>
      <Link to={`/stockInfo/${symbol}`} className="hot-list__row" data-testid="watch-row">
        <NameCode name={quote?.name ?? DASH} symbol={symbol} />
        <span className={`hot-list__price ${trend}`}>
          <span className={flash}>{formatPrice(quote?.price)}</span>
        </span>
        <span className={`hot-list__figure ${trend}`}>{formatPct(quote?.pct)}</span>
      </Link>
    </li>
  );
}

/** The user's watchlist, live. */
export function WatchlistCard() {
  const { t } = useTranslation();
  const { symbols, ready } = useWatchlist();
  useQuoteStream(symbols);
  return (
    <section className="card hot-list" aria-label={t('home.watchlist.title')} data-testid="watchlist">
      <CardHead title={t('home.watchlist.title')} to="/search/search" link={t('home.watchlist.add')} />
      {/* Holds the empty text's height while the list loads, so the cards below do not move. */}
      {ready ? null : <div className="hot-list__loading hot-list__loading--watchlist" aria-busy="true" />}
      {ready && symbols.length === 0 ? <p className="hot-list__empty">{t('home.watchlist.empty')}</p> : null}
      <ol className="hot-list__rows">
        {symbols.map((symbol) => (
          <WatchRow key={symbol} symbol={symbol} />
        ))}
      </ol>
    </section>
  );
}
