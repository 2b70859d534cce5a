import { decimalToCents, MINUTE_SLOTS, slotStart } from '@bourse/shared';
import { createChart, type IChartApi, LineSeries, LineStyle, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../../lib/useLoad.ts';
import { fetchIntraday } from '../../market/index.ts';
import { useSession } from '../../session/index.ts';
import { ChartCanvas } from './ChartCanvas.tsx';
import {
  addOverlayLine,
  addVolumePane,
  baseChartOptions,
  CHART_COLORS,
  PRICE_FORMAT,
  toChartTime,
  trendColors,
  yuan,
} from './chartTheme.ts';
import { LiveBarBuilder } from './liveBars.ts';
import { subscribeTicks } from './liveTicks.ts';

/** The day's average price in cents: turnover over volume. */
const averageCents = (turnover: string, volume: number, fallback: number) =>
  volume > 0 ? decimalToCents(turnover) / volume : fallback;

/**
 * Today's minute chart: price and average-price lines over the whole session (09:30–15:00,
 * lunch left out), volume below, the previous close as a dashed line with the price scale
 * centred on it. Live ticks update the forming minute in place.
 */
export function IntradayChart({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const colors = useSession((s) => s.colors);
  const [state, reload] = useLoad((signal) => fetchIntraday(symbol, signal), [symbol]);

  useEffect(() => {
    const element = container.current;
    if (state.status !== 'success' || !element) return;
    const { tradingDate, prevClose, points } = state.data;
    const prev = decimalToCents(prevClose);
    const { up, down } = trendColors(colors);
    const base = baseChartOptions(true);
    const chart: IChartApi = createChart(element, {
      ...base,
      timeScale: { ...base.timeScale, lockVisibleTimeRangeOnResize: true },
      handleScroll: false,
      handleScale: false,
    });

    // Whitespace at every minute of the session fixes the axis to the whole day.
    const axis = chart.addSeries(LineSeries, { lastValueVisible: false, priceLineVisible: false });
    axis.setData(
      Array.from({ length: MINUTE_SLOTS }, (_, slot) => ({
        time: toChartTime(slotStart(tradingDate, slot)),
      })),
    );
    const price = chart.addSeries(LineSeries, {
      color: CHART_COLORS.price,
      lineWidth: 2,
      priceFormat: PRICE_FORMAT,
      priceLineVisible: false,
      autoscaleInfoProvider: (
        original: () => { priceRange: { minValue: number; maxValue: number } } | null,
      ) => {
        const range = original()?.priceRange;
        const base = yuan(prev);
        const reach = Math.max(
          range ? Math.abs(range.maxValue - base) : 0,
          range ? Math.abs(base - range.minValue) : 0,
          base * 0.01,
        );
        return { priceRange: { minValue: base - reach, maxValue: base + reach } };
      },
    });
    price.createPriceLine({
      price: yuan(prev),
      color: CHART_COLORS.prevClose,
      lineStyle: LineStyle.Dashed,
      lineWidth: 1,
      axisLabelVisible: true,
      title: '',
    });
    const average = addOverlayLine(chart, CHART_COLORS.average);
    const volume = addVolumePane(chart);

    let lastPrice = prev;
    const colorOf = (cents: number) => (cents >= lastPrice ? up : down);
    price.setData(points.map((p) => ({ time: toChartTime(p.time), value: Number(p.price) })));
    average.setData(points.map((p) => ({ time: toChartTime(p.time), value: Number(p.average) })));
    volume.setData(
      points.map((p) => {
        const cents = decimalToCents(p.price);
        const color = colorOf(cents);
        lastPrice = cents;
        return { time: toChartTime(p.time), value: p.volume, color };
      }),
    );
    // The whole session, always: fit again once the chart has its size, and on every resize.
    const showWholeDay = () => chart.timeScale().setVisibleLogicalRange({ from: 0, to: MINUTE_SLOTS - 1 });
    showWholeDay();
    chart.timeScale().subscribeSizeChange(showWholeDay);

    const last = points.at(-1);
    const builder = new LiveBarBuilder(
      '1m',
      tradingDate,
      last && {
        time: last.time,
        open: decimalToCents(last.price),
        high: decimalToCents(last.price),
        low: decimalToCents(last.price),
        close: decimalToCents(last.price),
        volume: last.volume,
      },
      points.reduce((sum, p) => sum + p.volume, 0),
    );
    let barStartPrice = lastPrice;
    let barTime = last?.time;
    let stale = false;
    const unsubscribe = subscribeTicks(symbol, (tick, quote, liveTradingDate) => {
      if (liveTradingDate !== tradingDate) {
        // A new trading day: a new chart, once.
        if (!stale && liveTradingDate > tradingDate) reload();
        stale = true;
        return;
      }
      const bar = builder.apply(tick);
      if (!bar) return;
      if (bar.time !== barTime) {
        barStartPrice = lastPrice;
        barTime = bar.time;
      }
      lastPrice = bar.close;
      const time: UTCTimestamp = toChartTime(bar.time);
      price.update({ time, value: yuan(bar.close) });
      average.update({ time, value: yuan(averageCents(quote.turnover, quote.volume, bar.close)) });
      volume.update({ time, value: bar.volume, color: bar.close >= barStartPrice ? up : down });
    });

    return () => {
      unsubscribe();
      chart.timeScale().unsubscribeSizeChange(showWholeDay);
      chart.remove();
    };
  }, [state, symbol, colors, reload]);

  return (
    <div className="chart" data-testid="intraday-chart">
      <div className="chart__legend">
        <span className="chart__key" style={{ color: CHART_COLORS.price }}>
          {t('stock.chart.price')}
        </span>
        <span className="chart__key" style={{ color: CHART_COLORS.average }}>
          {t('stock.chart.average')}
        </span>
      </div>
      <ChartCanvas state={state} onRetry={reload} canvasRef={container} />
    </div>
  );
}
