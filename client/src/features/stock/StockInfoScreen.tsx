import { KLINE_PERIODS, type KlinePeriod } from '@bourse/shared';
import { lazy, memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { loginPath } from '../../app/guard.ts';
import { Icon } from '../../shared-ui/Icon.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { SearchLink } from '../../shared-ui/SearchLink.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { loadAlertSheet } from '../alerts/index.ts';
import { MarketStatusBar, useBookStream, useLiveQuote, useMarketStore } from '../market/index.ts';
import { useSession } from '../session/index.ts';
import { useWatchlist } from '../watchlist/index.ts';
import { ChartAttribution } from './charts/ChartAttribution.tsx';
import { OrderBook } from './OrderBook.tsx';
import { StockHeader } from './StockHeader.tsx';
import { TradeTape } from './TradeTape.tsx';
import { useStockFundamentals } from './useStockFundamentals.ts';
import './stock.css';

// The chart library loads only here, and only once a chart is drawn.
const IntradayChart = lazy(() =>
  import('./charts/IntradayChart.tsx').then((m) => ({ default: m.IntradayChart })),
);
const KlineChart = lazy(() => import('./charts/KlineChart.tsx').then((m) => ({ default: m.KlineChart })));
const AlertSheet = lazy(() => loadAlertSheet().then((m) => ({ default: m.AlertSheet })));

type ChartMode = 'intraday' | 'kline';
const SYMBOL = /^\d{6}$/;

const isPeriod = (value: string | null): value is KlinePeriod =>
  value !== null && (KLINE_PERIODS as readonly string[]).includes(value);

/**
 * The chart with its mode and period (`?chart=kline&period=day` opens the K-line). A component of
 * its own, memoised: the screen renders again on every quote tick, and the chart's frame need not.
 */
const ChartCard = memo(function ChartCard({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [mode, setMode] = useState<ChartMode>(search.get('chart') === 'kline' ? 'kline' : 'intraday');
  const initialPeriod = search.get('period');
  const [period, setPeriod] = useState<KlinePeriod>(isPeriod(initialPeriod) ? initialPeriod : 'day');
  return (
    <section className="card chart-card" aria-label={t('stock.chart.label')}>
      <Segmented
        options={(['intraday', 'kline'] as const).map((m) => ({
          value: m,
          label: t(`stock.chart.${m}`),
        }))}
        value={mode}
        onChange={setMode}
        label={t('stock.chart.label')}
        testId="chart-mode"
        inline
      />
      {mode === 'kline' ? (
        <fieldset className="periods">
          <legend className="visually-hidden">{t('stock.chart.period')}</legend>
          {KLINE_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={period === p}
              className={`periods__item${period === p ? ' periods__item--active' : ''}`}
              onClick={() => setPeriod(p)}
              data-testid={`period-${p}`}
            >
              {t(`stock.periods.${p}`)}
            </button>
          ))}
        </fieldset>
      ) : null}
      <Suspense fallback={<div className="chart chart--loading" aria-busy="true" />}>
        {mode === 'intraday' ? (
          <IntradayChart symbol={symbol} />
        ) : (
          <KlineChart key={period} symbol={symbol} period={period} />
        )}
      </Suspense>
      <ChartAttribution />
    </section>
  );
});

/** `/stockInfo/:title` — `title` is the six-digit code. */
export function StockInfoScreen() {
  const { t } = useTranslation();
  const { title = '' } = useParams();
  const symbol = SYMBOL.test(title) ? title : undefined;
  const quote = useLiveQuote(symbol);
  useBookStream(symbol);
  const fundamentals = useStockFundamentals(symbol);
  const refused = useMarketStore((s) => (symbol ? s.refused[symbol] : undefined));
  const watchlist = useWatchlist();
  const signedIn = useSession((s) => s.token !== '');
  const [alertOpen, setAlertOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  if (!symbol || refused) {
    return (
      <Screen nav={{ title: t('routes.stockInfo') }}>
        <div className="empty" role="alert" data-testid="stock-unknown">
          <p>{t('stock.unknown', { code: title || '—' })}</p>
          <Link to="/search/search" className="button button--ghost">
            {t('routes.search')}
          </Link>
        </div>
      </Screen>
    );
  }

  const watched = watchlist.has(symbol);
  return (
    <Screen nav={{ title: quote ? `${quote.name} ${symbol}` : symbol, right: <SearchLink /> }} padded={false}>
      <div className="stock-screen">
        <MarketStatusBar />
        <div className="stock-screen__body">
          <StockHeader symbol={symbol} quote={quote} fundamentals={fundamentals} />
          <ChartCard symbol={symbol} />
          <div className="stock-columns">
            <OrderBook symbol={symbol} prevClose={quote?.prevClose} />
            <TradeTape symbol={symbol} prevClose={quote?.prevClose} />
          </div>
        </div>
        <div className="stock-actions">
          <button
            type="button"
            className={`stock-actions__watch${watched ? ' stock-actions__watch--on' : ''}`}
            aria-pressed={watched}
            onClick={() => void watchlist.toggle(symbol)}
            data-testid="watch-toggle"
          >
            <Icon name="star" size={22} />
            <span>{watched ? t('stock.unwatch') : t('stock.watch')}</span>
          </button>
          <button
            type="button"
            className="stock-actions__watch"
            onClick={() =>
              signedIn ? setAlertOpen(true) : navigate(loginPath(location.pathname + location.search))
            }
            data-testid="alert-open"
          >
            <Icon name="bell" size={22} />
            <span>{t('alerts.add')}</span>
          </button>
          <Link
            to={`/trade?symbol=${symbol}`}
            className="button button--primary stock-actions__trade"
            data-testid="trade"
          >
            {t('stock.trade')}
          </Link>
        </div>
      </div>
      {alertOpen ? (
        <Suspense fallback={null}>
          <AlertSheet
            symbol={symbol}
            name={quote?.name ?? symbol}
            price={quote?.price}
            onClose={() => setAlertOpen(false)}
          />
        </Suspense>
      ) : null}
    </Screen>
  );
}
