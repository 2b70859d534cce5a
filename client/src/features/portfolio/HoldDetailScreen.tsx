import { Dec, shanghaiDate } from '@bourse/shared';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { Pnl } from '../../shared-ui/Pnl.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { fetchKline, MarketStatusBar, marketClockView, useMarketStatus } from '../market/index.ts';
import { SnapshotState, useTradingChannel, useTradingStore } from '../trade/index.ts';
import { PositionCard } from './HoldingScreen.tsx';
import { LifeFills } from './LifeFills.tsx';
import { pnlHistory, positionLives } from './pnlHistory.ts';
import { useSymbolFills } from './symbolFills.ts';
import '../stock/stock.css';
import '../trade/trade.css';
import './portfolio.css';
import { DASH } from '../../lib/format.ts';

// The chart library loads only once a chart is drawn.
const PnlChart = lazy(() => import('./PnlChart.tsx').then((m) => ({ default: m.PnlChart })));

const SYMBOL = /^\d{6}$/;
/** Day closes asked for: a year of trading days. */
const CLOSES = 250;

/** The P&L chart and the fills of the position held now. */
function HeldPosition({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const position = useTradingStore((s) => s.positions[symbol]);
  const tradingDate = useTradingStore((s) => s.tradingDate);
  const [fills, reloadFills] = useSymbolFills(symbol);
  const [bars] = useLoad((signal) => fetchKline({ symbol, period: 'day', limit: CLOSES }, signal), [symbol]);
  const life = useMemo(
    () =>
      fills.status === 'success' ? positionLives(fills.data).find((l) => l.closedOn === null) : undefined,
    [fills],
  );
  const closes = useMemo(
    () =>
      new Map(
        bars.status === 'success' ? bars.data.bars.map((b) => [shanghaiDate(b.time), new Dec(b.close)]) : [],
      ),
    [bars],
  );
  const livePrice = position?.price ?? null;
  const status = useMarketStatus();
  const points = useMemo(() => {
    if (!life || !tradingDate) return [];
    // The live point sits at the market's time now (a demo day runs faster than the wall clock);
    // before the first status, right after the last fill.
    const at = status ? marketClockView(status, Date.now()).marketNow : 0;
    return pnlHistory(life.fills, closes, {
      date: tradingDate,
      price: livePrice ? new Dec(livePrice) : null,
      at,
    });
  }, [life, closes, tradingDate, livePrice, status]);

  if (!position) {
    return (
      <p className="load-state" data-testid="position-none">
        {t('portfolio.notHeld', { symbol })}
      </p>
    );
  }
  return (
    <>
      <PositionCard position={position} linked={false} />
      <p className="realised-line">
        {t('portfolio.position.realisedPnl')}{' '}
        <Pnl value={position.realisedPnl} testId="position-realisedPnl" />
      </p>
      <section className="card" aria-label={t('portfolio.pnlChart')}>
        <h2 className="card__title">{t('portfolio.pnlChart')}</h2>
        {points.length > 0 ? (
          <Suspense fallback={<div className="chart chart--loading" aria-busy="true" />}>
            <PnlChart points={points} />
          </Suspense>
        ) : (
          <LoadState state={fills} onRetry={reloadFills} empty={t('portfolio.noChart')} />
        )}
      </section>
      <LifeFills life={life} state={fills} onRetry={reloadFills} symbol={symbol} name={position.name} />
    </>
  );
}

/** `/shares/holdDetail?symbol=`: one holding live, its P&L by day, its fills, and Buy and Sell. */
export function HoldDetailScreen() {
  const { t } = useTranslation();
  useTradingChannel();
  const [params] = useSearchParams();
  const asked = params.get('symbol') ?? '';
  const symbol = SYMBOL.test(asked) ? asked : undefined;
  const name = useTradingStore((s) => (symbol ? s.positions[symbol]?.name : undefined));
  return (
    <Screen nav={{ title: name && symbol ? `${name} ${symbol}` : t('routes.holdDetail') }} padded={false}>
      <div className="stock-screen">
        <MarketStatusBar />
        <div className="stock-screen__body">
          {symbol ? (
            <SnapshotState>
              <HeldPosition symbol={symbol} />
            </SnapshotState>
          ) : (
            <p className="load-state" role="alert">
              {t('stock.unknown', { code: asked || DASH })}
            </p>
          )}
        </div>
        {symbol ? (
          <div className="stock-actions">
            <Link
              to={`/shares/creatOrder?symbol=${symbol}&side=buy`}
              className="button button--buy stock-actions__trade"
              data-testid="detail-buy"
            >
              {t('trade.buy')}
            </Link>
            <Link
              to={`/shares/creatOrder?symbol=${symbol}&side=sell`}
              className="button button--sell stock-actions__trade"
              data-testid="detail-sell"
            >
              {t('trade.sell')}
            </Link>
          </div>
        ) : null}
      </div>
    </Screen>
  );
}
