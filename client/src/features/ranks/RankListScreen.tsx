import type { RankList, RankRow } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RouteId } from '../../app/routeTypes.ts';
import {
  DASH,
  formatCompact,
  formatLots,
  formatMarketTime,
  formatPct,
  formatPrice,
  trendClass,
  trendOf,
} from '../../lib/format.ts';
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
        {formatPrice(row.price)}
      </span>
      <span className={`rank-row__num ${trend}`}>{formatPct(row.pct)}</span>
    </>
  );
}

type LimitSide = 'up' | 'down';

/** The seal amount right after the change: what a phone shows before scrolling. */
const LIMIT_COLUMNS = [
  'price',
  'pct',
  'sealAmount',
  'limitDays',
  'seal',
  'firstSeal',
  'lastSeal',
  'sealBreaks',
] as const;

/** A market time (Beijing) of the day, or a dash when there is none. */
const sealTime = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? DASH : formatMarketTime(ms);

/** An amount's change with its sign, coloured by its direction. */
function SignedAmount({ value, locale }: { value: string | null | undefined; locale: string }) {
  const trend = trendOf(value);
  const text = value === null || value === undefined ? DASH : formatCompact(value, locale);
  return (
    <span className={`limit-row__change ${trendClass(trend)}`} data-testid="rank-seal-change">
      {trend === 'up' ? `+${text}` : text}
    </span>
  );
}

/**
 * A row of a limit list, as broker apps lay it out: the name stays while the figures scroll
 * beside it. Times are market time; the seal amount's change is over the last market minute.
 */
function LimitRow({ row, side, locale }: { row: RankRow; side: LimitSide; locale: string }) {
  const { t } = useTranslation();
  const trend = trendClass(trendOf(row.pct));
  return (
    <Link
      to={`/stockInfo/${row.symbol}`}
      className="limit-row"
      data-testid="rank-row"
      data-symbol={row.symbol}
    >
      <span className="limit-row__name">
        <NameCode name={row.name} symbol={row.symbol} />
      </span>
      <span className={`rank-row__num ${trend}`} data-testid="rank-price">
        {formatPrice(row.price)}
      </span>
      <span className={`rank-row__num ${trend}`}>{formatPct(row.pct)}</span>
      <span className="rank-row__num limit-row__amount">
        <span data-testid="rank-seal-amount">
          {row.sealAmount === undefined ? DASH : formatCompact(row.sealAmount, locale)}
        </span>
        <SignedAmount value={row.sealAmountChange} locale={locale} />
      </span>
      <span className="rank-row__num">
        {row.limitDays === undefined ? (
          DASH
        ) : (
          <span className={`limit-days limit-days--${side}`} data-testid="rank-limit-days">
            {row.limitDays === 1 ? t('ranks.limitDayFirst') : t('ranks.limitDays', { count: row.limitDays })}
          </span>
        )}
      </span>
      <span className="rank-row__num rank-row__num--quiet">
        {row.sealVolume === undefined ? DASH : formatLots(row.sealVolume, locale)}
      </span>
      <span className="rank-row__num rank-row__num--quiet" data-testid="rank-first-seal">
        {sealTime(row.firstSealTime)}
      </span>
      <span className="rank-row__num rank-row__num--quiet" data-testid="rank-last-seal">
        {sealTime(row.lastSealTime)}
      </span>
      <span className="rank-row__num rank-row__num--quiet" data-testid="rank-seal-breaks">
        {row.sealBreaks ?? DASH}
      </span>
    </Link>
  );
}

/** The limit lists: a table that scrolls sideways on a phone, its name column fixed. */
function LimitTable({ rows, side, locale }: { rows: readonly RankRow[]; side: LimitSide; locale: string }) {
  const { t } = useTranslation();
  return (
    <div className="card limit-table" data-testid="limit-table">
      <div className="limit-row limit-row--head" aria-hidden="true">
        <span className="limit-row__name">{t('market.columns.name')}</span>
        {LIMIT_COLUMNS.map((column) => (
          <span key={column}>
            {column === 'price' || column === 'pct'
              ? t(`market.columns.${column}`)
              : t(`ranks.columns.${column}`)}
            {column === 'sealAmount' ? <small>{t('ranks.columns.sealChange')}</small> : null}
          </span>
        ))}
      </div>
      <ol className="rank-list">
        {rows.map((row) => (
          <li key={row.symbol}>
            <LimitRow row={row} side={side} locale={locale} />
          </li>
        ))}
      </ol>
    </div>
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
        {rows.length === 0 ? (
          <LoadState state={event ? success(event) : pending()} empty={t(`ranks.empty.${list}`)} />
        ) : isDeal ? (
          <ol className="card rank-list">
            {rows.map((row, i) => (
              <li key={row.symbol}>
                <DealRow row={row} rank={i + 1} locale={i18n.language} />
              </li>
            ))}
          </ol>
        ) : (
          <LimitTable rows={rows} side={list === 'limitUp' ? 'up' : 'down'} locale={i18n.language} />
        )}
      </div>
    </Screen>
  );
}

export const DayUpStopScreen = () => <RankListScreen list="limitUp" routeId="dayUpStop" />;
export const DayStopScreen = () => <RankListScreen list="limitDown" routeId="dayStop" />;
export const TenDealScreen = () => <RankListScreen list="tenDeal" routeId="tenDeal" />;
