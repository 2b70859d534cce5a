import type { ShopStats } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../../lib/useLoad.ts';
import { LoadingOr } from '../../../shared-ui/LoadingOr.tsx';
import { usePrice } from '../format.ts';
import { revenueBars } from './revenueChart.ts';
import { fetchShopStats } from './sellerApi.ts';

const CHART_WIDTH = 330;
const CHART_HEIGHT = 120;
/** "2026-11-28" → "11-28": the days are UTC calendar days already, no time zone to apply. */
const monthDay = (date: string) => date.slice(5);

/**
 * Revenue by day as SVG bars, a picture for the eye: its label gives the range and the total,
 * and the table below it holds every figure for a screen reader.
 */
function RevenueChart({ stats }: { stats: ShopStats }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const first = stats.days[0]?.date ?? '';
  const last = stats.days.at(-1)?.date ?? '';
  return (
    <figure className="seller-chart" data-testid="seller-revenue-chart">
      <figcaption className="card__title">{t('seller.stats.chart')}</figcaption>
      <svg
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        role="img"
        aria-label={t('seller.stats.chartLabel', {
          from: first,
          to: last,
          total: price(stats.totals.revenue),
        })}
        preserveAspectRatio="none"
      >
        <line x1={0} x2={CHART_WIDTH} y1={CHART_HEIGHT} y2={CHART_HEIGHT} className="seller-chart__axis" />
        {revenueBars(stats.days, CHART_WIDTH, CHART_HEIGHT).map((bar) => (
          <rect key={bar.date} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={1} />
        ))}
      </svg>
      <p className="seller-chart__range" aria-hidden="true">
        <span>{monthDay(first)}</span>
        <span>{monthDay(last)}</span>
      </p>
    </figure>
  );
}

/** The totals' figures in the order shown, money in the shopper's format. */
const totalFigures = (totals: ShopStats['totals'], price: (amount: string) => string) =>
  [
    ['revenue', price(totals.revenue)],
    ['paidOrders', totals.paidOrders],
    ['units', totals.units],
    ['refunds', totals.refunds],
    ['refunded', price(totals.refunded)],
    ['newFans', totals.newFans],
  ] as const;

/** The last days' figures: totals, the revenue chart and a row per day, newest first. */
export function ShopStatsTab() {
  const { t } = useTranslation('store');
  const price = usePrice();
  const [stats, reload] = useLoad((signal) => fetchShopStats(signal), []);
  return (
    <LoadingOr state={stats} onRetry={reload}>
      {(data) => (
        <>
          <section className="card seller-totals" aria-labelledby="seller-totals" data-testid="seller-totals">
            <h2 className="card__title" id="seller-totals">
              {t('seller.stats.totals', { days: data.days.length })}
            </h2>
            <dl>
              {totalFigures(data.totals, price).map(([label, value]) => (
                <div key={label}>
                  <dt>{t(`seller.stats.${label}`)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="card seller-stats">
            <RevenueChart stats={data} />
            <table className="seller-days" data-testid="seller-days">
              <caption className="visually-hidden">{t('seller.stats.byDay')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('seller.stats.date')}</th>
                  <th scope="col">{t('seller.stats.ordersUnits')}</th>
                  <th scope="col">{t('seller.stats.revenue')}</th>
                  <th scope="col">{t('seller.stats.refunded')}</th>
                  <th scope="col">{t('seller.stats.fans')}</th>
                </tr>
              </thead>
              <tbody>
                {[...data.days].reverse().map((day) => (
                  <tr key={day.date} className={day.paidOrders === 0 ? 'seller-days__quiet' : undefined}>
                    <th scope="row">{monthDay(day.date)}</th>
                    <td>{`${day.paidOrders} / ${day.units}`}</td>
                    <td>{price(day.revenue)}</td>
                    <td>{price(day.refunded)}</td>
                    <td>{day.newFans}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </LoadingOr>
  );
}
