export { baseChartOptions, MONEY_FORMAT, toChartTime, trendColors } from './charts/chartTheme.ts';
export { OrderBook } from './OrderBook.tsx';
