import type { ClosedPosition } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { money, pnlPercent, shares } from '../../lib/accountFormat.ts';
import { formatDate } from '../../lib/date/formatDate.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import { PagedList } from '../../shared-ui/PagedList.tsx';
import { Pnl, PnlPercent } from '../../shared-ui/Pnl.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { fetchPositionHistory } from '../trade/index.ts';
import { FigureGrid, PositionHead } from './Figures.tsx';
import './portfolio.css';

export const HISTORY_PAGE = 20;

/** Where a closed position's details are: its id, and its code to find it fast. */
export const historyDetailPath = (p: ClosedPosition) => `/historyDetail?id=${p.id}&symbol=${p.symbol}`;

/** A closed position's stock and what it realised, in amount and against what it cost. */
export function ClosedHead({ position: p }: { position: ClosedPosition }) {
  const { t } = useTranslation();
  return (
    <PositionHead
      name={p.name}
      symbol={p.symbol}
      headline={[
        {
          label: t('portfolio.history.realisedPnl'),
          value: (
            <>
              <Pnl value={p.realisedPnl} testId="history-realisedPnl" />
              <PnlPercent value={pnlPercent(p.realisedPnl, p.buyAmount)} />
            </>
          ),
        },
      ]}
    />
  );
}

function ClosedRow({ position: p }: { position: ClosedPosition }) {
  const { t } = useTranslation();
  const figures = (
    [
      ['quantity', shares(p.buyQuantity)],
      ['buyAmount', money(p.buyAmount)],
      ['sellAmount', money(p.sellAmount)],
      ['opened', formatDate(p.openedAt, 'YYYY-MM-DD')],
      ['closed', p.closedTradingDate],
      ['fees', money(p.fees)],
    ] as const
  ).map(([id, value]) => ({ id, label: t(`portfolio.history.${id}`), value }));
  return (
    <li>
      <Link
        to={historyDetailPath(p)}
        className="position-card"
        data-testid="history-row"
        data-symbol={p.symbol}
      >
        <ClosedHead position={p} />
        <FigureGrid figures={figures} className="position-card__grid" />
      </Link>
    </li>
  );
}

/** `/historyPosition`: positions sold out, newest first, with what each realised. */
export function HistoryPositionScreen() {
  const { t } = useTranslation();
  const list = usePagedList<ClosedPosition, number>(async (cursor, signal) => {
    const page = cursor ?? 1;
    const answer = await fetchPositionHistory({ page, pageSize: HISTORY_PAGE }, signal);
    return { items: answer.items, next: page * HISTORY_PAGE < answer.total ? page + 1 : null };
  });
  return (
    <Screen nav={{ title: t('routes.historyPosition') }} padded={false}>
      <div className="list-screen">
        <div className="list-screen__list">
          <PagedList list={list} empty={t('portfolio.history.empty')} emptyTestId="history-empty">
            <ul className="position-list" data-testid="history-list">
              {list.items.map((p) => (
                <ClosedRow key={p.id} position={p} />
              ))}
            </ul>
          </PagedList>
        </div>
      </div>
    </Screen>
  );
}
