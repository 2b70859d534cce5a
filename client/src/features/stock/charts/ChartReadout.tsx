import type { KlinePeriod } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { formatLots, formatPct, formatPrice, trendClass, trendOf } from '../../../lib/format.ts';
import { type Readout, readoutTime } from './readout.ts';

/**
 * The figures of the bar under the crosshair, drawn over the legend while the crosshair shows:
 * time, open, high, low, close (an intraday minute: price and average), change and volume.
 */
export function ChartReadout({
  readout,
  period,
}: {
  readout: Readout | null;
  period: KlinePeriod | 'intraday';
}) {
  const { t, i18n } = useTranslation();
  if (!readout) return null;
  const trend = trendClass(trendOf(readout.changePct));
  const locale = i18n.language;
  const price = (value: string) => formatPrice(value, locale);
  const fields: { label: string; value: string; className?: string }[] = [
    ...(readout.open === undefined ? [] : [{ label: t('stock.open'), value: price(readout.open) }]),
    ...(readout.high === undefined ? [] : [{ label: t('stock.high'), value: price(readout.high) }]),
    ...(readout.low === undefined ? [] : [{ label: t('stock.low'), value: price(readout.low) }]),
    {
      label: readout.average === undefined ? t('stock.chart.close') : t('stock.chart.price'),
      value: price(readout.close),
      className: trend,
    },
    ...(readout.average === undefined
      ? []
      : [{ label: t('stock.chart.average'), value: price(readout.average) }]),
    {
      label: t('stock.chart.change'),
      value: formatPct(readout.changePct, undefined, locale),
      className: trend,
    },
    {
      label: t('stock.volume'),
      value: t('stock.lots', { value: formatLots(readout.volume, locale) }),
    },
  ];
  return (
    <div className="chart-readout" data-testid="chart-readout" aria-live="polite">
      <span className="chart-readout__time" data-testid="chart-readout-time">
        {readoutTime(readout.time, period)}
      </span>
      {fields.map((field) => (
        <span key={field.label} className="chart-readout__field">
          <span className="chart-readout__label">{field.label}</span>{' '}
          <span className={field.className}>{field.value}</span>
        </span>
      ))}
    </div>
  );
}
