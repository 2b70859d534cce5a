import { type ClosedPosition, Dec } from '@bourse/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { money, shares } from '../../lib/accountFormat.ts';
import { formatDate } from '../../lib/date/formatDate.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { fetchPositionHistory, MAX_PAGE_SIZE } from '../trade/index.ts';
import { FigureGrid } from './Figures.tsx';
import { ClosedHead } from './HistoryPositionScreen.tsx';
import { LifeFills } from './LifeFills.tsx';
import { positionLives } from './pnlHistory.ts';
import { useSymbolFills } from './symbolFills.ts';
import '../trade/trade.css';
import './portfolio.css';
import { formatPrice } from '../../lib/format.ts';

const SYMBOL = /^\d{6}$/;

/** A closed position by id: its stock's history when the code is known, else the whole history, page by page. */
async function findClosed(
  id: string,
  symbol: string | undefined,
  signal: AbortSignal,
): Promise<ClosedPosition | null> {
  for (let page = 1; ; page++) {
    const answer = await fetchPositionHistory({ page, pageSize: MAX_PAGE_SIZE, symbol }, signal);
    const found = answer.items.find((p) => p.id === id);
    if (found) return found;
    if (answer.items.length === 0 || page * MAX_PAGE_SIZE >= answer.total) return null;
  }
}

const averageOf = (amount: string, quantity: number) =>
  formatPrice(quantity > 0 ? new Dec(amount).dividedBy(quantity).toFixed(3) : null);

function ClosedDetail({ position }: { position: ClosedPosition }) {
  const { t } = useTranslation();
  const p = position;
  const [fills, reload] = useSymbolFills(p.symbol);
  const life = useMemo(
    () =>
      fills.status === 'success'
        ? positionLives(fills.data).find((l) => l.closedOn === p.closedTradingDate)
        : undefined,
    [fills, p.closedTradingDate],
  );
  const figures = (
    [
      ['quantity', shares(p.buyQuantity)],
      ['buyAmount', money(p.buyAmount)],
      ['averageBuy', averageOf(p.buyAmount, p.buyQuantity)],
      ['sellAmount', money(p.sellAmount)],
      ['averageSell', averageOf(p.sellAmount, p.buyQuantity)],
      ['fees', money(p.fees)],
      ['opened', formatDate(p.openedAt)],
      ['closed', formatDate(p.closedMarketAt)],
    ] as const
  ).map(([id, value]) => ({ id, label: t(`portfolio.history.${id}`), value }));
  return (
    <>
      <section className="position-card" data-testid="history-detail">
        <ClosedHead position={p} />
        <FigureGrid figures={figures} className="position-card__grid" />
      </section>
      <LifeFills life={life} state={fills} onRetry={reload} symbol={p.symbol} name={p.name} />
    </>
  );
}

/** `/historyDetail?id=&symbol=`: one closed position, what it realised and the fills of its round trip. */
export function HistoryDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const asked = params.get('symbol') ?? '';
  const symbol = SYMBOL.test(asked) ? asked : undefined;
  const [found, reload] = useLoad((signal) => findClosed(id, symbol, signal), [id, symbol], {
    enabled: id !== '',
  });
  return (
    <Screen nav={{ title: t('routes.historyDetail') }}>
      {found.status === 'success' && found.data ? (
        <ClosedDetail position={found.data} />
      ) : (
        <LoadState
          state={found.status === 'idle' ? { status: 'success', data: null } : found}
          onRetry={reload}
          empty={t('portfolio.history.notFound')}
        />
      )}
    </Screen>
  );
}
