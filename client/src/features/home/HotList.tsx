import type { RankList } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CardHead } from '../market/CardHead.tsx';
import { useRank } from '../market/data/hooks.ts';
import { formatCompact, formatPct, trendClass, trendOf } from '../market/format.ts';
import { NameCode } from '../market/NameCode.tsx';

const SHOWN = 5;

/** The top five of a live ranking list, each linking to its stock, with a link to the whole list. */
export function HotList({
  list,
  title,
  more,
  figure,
}: {
  list: Extract<RankList, 'gainers' | 'tenDeal'>;
  title: string;
  /** Where "More" goes. */
  more: string;
  /** The right-hand figure: the change, or the turnover. */
  figure: 'pct' | 'turnover';
}) {
  const { t, i18n } = useTranslation();
  const event = useRank(list);
  const rows = event?.rows.slice(0, SHOWN);
  return (
    <section className="card hot-list" aria-label={title} data-testid={`hot-${list}`}>
      <CardHead title={title} to={more} link={t('home.more')} />
      {rows ? (
        <ol className="hot-list__rows">
          {rows.map((row) => (
            <li key={row.symbol}>
              <Link to={`/stockInfo/${row.symbol}`} className="hot-list__row" data-testid="hot-row">
                <NameCode name={row.name} symbol={row.symbol} />
                <span className={`hot-list__price ${trendClass(trendOf(row.pct))}`}>{row.price}</span>
                <span className={`hot-list__figure ${figure === 'pct' ? trendClass(trendOf(row.pct)) : ''}`}>
                  {figure === 'pct' ? formatPct(row.pct) : formatCompact(row.turnover, i18n.language)}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      ) : (
        <div className="hot-list__loading" aria-busy="true" />
      )}
    </section>
  );
}
