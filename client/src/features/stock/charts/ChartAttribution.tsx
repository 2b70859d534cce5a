import { useTranslation } from 'react-i18next';

const LIBRARY = 'TradingView Lightweight Charts™';
const HOME = 'https://www.tradingview.com/';

/** The credit lightweight-charts' licence asks for: a link to TradingView on the page with the chart. */
export function ChartAttribution() {
  const { t } = useTranslation();
  return (
    <p className="chart__attribution">
      <a href={HOME} target="_blank" rel="noopener noreferrer">
        {t('stock.chart.attribution', { name: LIBRARY })}
      </a>
    </p>
  );
}
