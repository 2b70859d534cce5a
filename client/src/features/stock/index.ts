export { baseChartOptions, PRICE_FORMAT, trendColors } from './charts/chartTheme.ts';
export { OrderBook } from './OrderBook.tsx';
