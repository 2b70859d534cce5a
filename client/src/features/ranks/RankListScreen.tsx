import type { RankList, RankRow } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RouteId } from '../../app/routeTypes.ts';
import { DASH, formatCompact, formatLots, formatPct, trendClass, trendOf } from '../../lib/format.ts';
import { pending, success } from '../../lib/loadable.ts';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { NameCode } from '../../shared-ui/NameCode.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { SearchLink } from '../../shared-ui/SearchLink.tsx';
import { MarketStatusBar, useRank } from '../market/index.ts';
import './ranks.css';

type LiveList = Extract<RankList, 'limitUp' | 'limitDown' | 'tenDeal'>;

/** Name and code, price and change: how every row of a list starts. */
function StockFigures({ row }: { row: RankRow }) {
  const trend = trendClass(trendOf(row.pct));
  return (
    <>
      <NameCode name={row.name} symbol={row.symbol} />
      <span className={`rank-row__num ${trend}`} data-testid="rank-price">
        {row.price}
      </span>
      <span className={`rank-row__num ${trend}`}>{formatPct(row.pct)}</span>
    </>
  );
}

function LimitRow({ row, locale }: { row: RankRow; locale: string }) {
  return (
    <Link
      to={`/stockInfo/${row.symbol}`}
      className="rank-row"
      data-testid="rank-row"
      data-symbol={row.symbol}
    >
      <StockFigures row={row} />
      <span className="rank-row__num rank-row__num--quiet">
        {row.sealVolume === undefined ? DASH : formatLots(row.sealVolume, locale)}
      </span>
    </Link>
  );
}

function DealRow({ row, rank, locale }: { row: RankRow; rank: number; locale: string }) {
  const { t } = useTranslation();
  const amount = (value: string | undefined) => (value === undefined ? DASH : formatCompact(value, locale));
  const figures = [
    { key: 'turnover', value: amount(row.turnover), className: '' },
    { key: 'buy', value: amount(row.buy), className: 'price-up' },
    { key: 'sell', value: amount(row.sell), className: 'price-down' },
    { key: 'net', value: amount(row.net), className: trendClass(trendOf(row.net)) },
  ] as const;
  return (
    <Link
      to={`/stockInfo/${row.symbol}`}
      className="deal-row"
      data-testid="rank-row"
      data-symbol={row.symbol}
    >
      <span className="deal-row__rank">{rank}</span>
      <StockFigures row={row} />
      <dl className="deal-row__figures">
        {figures.map((f) => (
          <div key={f.key}>
            <dt>{t(`ranks.columns.${f.key}`)}</dt>
            <dd className={f.className}>{f.value}</dd>
          </div>
        ))}
      </dl>
    </Link>
  );
}

/** A live ranking list: limit-up, limit-down or the day's top ten by turnover. */
export function RankListScreen({ list, routeId }: { list: LiveList; routeId: RouteId }) {
  const { t, i18n } = useTranslation();
  const event = useRank(list);
  const rows = event?.rows ?? [];
  const isDeal = list === 'tenDeal';
  return (
    <Screen nav={{ title: t(`routes.${routeId}`), right: <SearchLink /> }} padded={false}>
      <MarketStatusBar />
      <div className="rank-screen" data-testid={`rank-${list}`}>
        {event ? (
          <p className="rank-screen__summary" data-testid="rank-summary">
            {t(`ranks.summary.${list}`, { count: rows.length, date: event.tradingDate })}
          </p>
        ) : null}
        {!isDeal && rows.length > 0 ? (
          <div className="rank-head" aria-hidden="true">
            <span>{t('market.columns.name')}</span>
            <span>{t('market.columns.price')}</span>
            <span>{t('market.columns.pct')}</span>
            <span>{t('ranks.columns.seal')}</span>
          </div>
        ) : null}
        {rows.length === 0 ? (
          <LoadState state={event ? success(event) : pending()} empty={t(`ranks.empty.${list}`)} />
        ) : (
          <ol className="card rank-list">
            {rows.map((row, i) => (
              <li key={row.symbol}>
                {isDeal ? (
                  <DealRow row={row} rank={i + 1} locale={i18n.language} />
                ) : (
                  <LimitRow row={row} locale={i18n.language} />
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Screen>
  );
}

export const DayUpStopScreen = () => <RankListScreen list="limitUp" routeId="dayUpStop" />;
export const DayStopScreen = () => <RankListScreen list="limitDown" routeId="dayStop" />;
export const TenDealScreen = () => <RankListScreen list="tenDeal" routeId="tenDeal" />;
