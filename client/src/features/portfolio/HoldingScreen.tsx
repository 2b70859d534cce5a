import { Dec, type PositionView } from '@bourse/shared';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { money, pnlPercent, shares } from '../../lib/accountFormat.ts';
import { formatPrice } from '../../lib/format.ts';
import { Pnl, PnlPercent } from '../../shared-ui/Pnl.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { MarketStatusBar } from '../market/index.ts';
import { SnapshotState, useTradingStore } from '../trade/index.ts';
import { AccountSummary } from './AccountSummary.tsx';
import { FigureGrid, PositionHead } from './Figures.tsx';
import './portfolio.css';

/** One holding: what it is worth and what it made, live; in a list a tap opens its details. */
export function PositionCard({ position, linked = true }: { position: PositionView; linked?: boolean }) {
  const { t } = useTranslation();
  const p = position;
  const figures = (
    [
      ['quantity', shares(p.quantity)],
      ['sellable', shares(p.sellableQuantity)],
      ['averageCost', formatPrice(p.averageCost)],
      ['price', formatPrice(p.price)],
      ['todayPnl', <Pnl key="todayPnl" value={p.todayPnl} />],
      ['cost', money(p.cost)],
    ] as const
  ).map(([id, value]) => ({ id, label: t(`portfolio.position.${id}`), value }));
  const content = (
    <>
      <PositionHead
        name={p.name}
        symbol={p.symbol}
        headline={[
          {
            label: t('portfolio.position.marketValue'),
            value: <span data-testid="position-marketValue">{money(p.marketValue)}</span>,
          },
          {
            label: t('portfolio.position.floatingPnl'),
            value: (
              <>
                <Pnl value={p.floatingPnl} testId="position-floatingPnl" />
                <PnlPercent value={pnlPercent(p.floatingPnl, p.cost)} />
              </>
            ),
          },
        ]}
      />
      <FigureGrid figures={figures} className="position-card__grid" testIdPrefix="position" />
    </>
  );
  return linked ? (
    <Link
      to={`/shares/holdDetail?symbol=${p.symbol}`}
      className="position-card"
      data-testid="position-row"
      data-symbol={p.symbol}
    >
      {content}
    </Link>
  ) : (
    <section className="position-card" data-testid="position-detail" data-symbol={p.symbol}>
      {content}
    </section>
  );
}

/** Every open position, largest first, revalued live; `empty` when there is none. */
export function PositionList({ empty }: { empty: ReactNode }) {
  const byCode = useTradingStore((s) => s.positions);
  const positions = useMemo(
    () => Object.values(byCode).sort((a, b) => new Dec(b.marketValue).comparedTo(a.marketValue)),
    [byCode],
  );
  if (positions.length === 0) return empty;
  return (
    <div className="position-list" data-testid="position-list">
      {positions.map((p) => (
        <PositionCard key={p.symbol} position={p} />
      ))}
    </div>
  );
}

/** `/ucenter/holding`: the account summary and every open position, revalued live. */
export function HoldingScreen() {
  const { t } = useTranslation();
  return (
    <Screen
      nav={{
        title: t('routes.holding'),
        right: (
          <Link to="/historyPosition" className="nav-bar__link" data-testid="holding-history">
            {t('portfolio.historyLink')}
          </Link>
        ),
      }}
      padded={false}
    >
      <MarketStatusBar />
      <div className="portfolio-screen">
        <AccountSummary />
        <SnapshotState>
          <PositionList
            empty={
              <div className="empty" data-testid="positions-empty">
                <p>{t('portfolio.noPositions')}</p>
                <Link to="/trade" className="button button--ghost">
                  {t('portfolio.goTrade')}
                </Link>
              </div>
            }
          />
        </SnapshotState>
      </div>
    </Screen>
  );
}
