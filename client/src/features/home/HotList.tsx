import type { RankList } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCompact, formatPct, formatPrice, trendClass, trendOf } from '../../lib/format.ts';
import { CardHead } from '../../shared-ui/CardHead.tsx';
import { NameCode } from '../../shared-ui/NameCode.tsx';
import { useRank } from '../market/index.ts';

/** The top of a live ranking list, each row linking to its stock, with a link to the whole list if it has one. */
export function HotList({
  list,
  title,
  more,
  figure,
  shown = 5,
  empty,
}: {
  list: Extract<RankList, 'gainers' | 'losers' | 'tenDeal'>;
  title: string;
  /** Where "More" goes; no link without it. */
  more?: string;
  /** The right-hand figure: the change, or the turnover. */
  figure: 'pct' | 'turnover';
  /** How many rows, from the top. */
  shown?: number;
  /** What shows when the list has no row. */
  empty: string;
}) {
  const { t, i18n } = useTranslation();
  const event = useRank(list);
  const rows = event?.rows.slice(0, shown);
  return (
    <section className="card hot-list" aria-label={title} data-testid={`hot-${list}`}>
      {more ? (
        <CardHead title={title} to={more} link={t('home.more')} />
      ) : (
        <h2 className="card__title">{title}</h2>
      )}
      {!rows ? (
        <div className="hot-list__loading" aria-busy="true" />
      ) : rows.length === 0 ? (
        <p className="hot-list__empty">{empty}</p>
      ) : (
        <ol className="hot-list__rows">
          {rows.map((row) => (
            <li key={row.symbol}>
              <Link
                to={`/stockInfo/${row.symbol}`}
                className="hot-list__row"
                data-testid="hot-row"
                data-symbol={row.symbol}
              >
                <NameCode name={row.name} symbol={row.symbol} />
                <span className={`hot-list__price ${trendClass(trendOf(row.pct))}`}>
                  {formatPrice(row.price, i18n.language)}
                </span>
                <span className={`hot-list__figure ${figure === 'pct' ? trendClass(trendOf(row.pct)) : ''}`}>
                  {figure === 'pct' ? formatPct(row.pct) : formatCompact(row.turnover, i18n.language)}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
