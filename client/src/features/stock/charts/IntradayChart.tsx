import { centsToDecimal, decimalToCents, MINUTE_SLOTS, slotStart } from '@bourse/shared';
import { createChart, type IChartApi, LineSeries, LineStyle, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterPaint } from '../../../lib/afterPaint.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { fetchIntraday } from '../../market/index.ts';
import { useSession } from '../../session/index.ts';
import { ChartCanvas } from './ChartCanvas.tsx';
import { ChartReadout } from './ChartReadout.tsx';
import { percentRange, symmetricPriceRange, volumeCeiling } from './chartScale.ts';
import {
  addOverlayLine,
  addVolumePane,
  baseChartOptions,
  CHART_COLORS,
  PERCENT_FORMAT,
  PRICE_FORMAT,
  SHANGHAI_OFFSET_MS,
  toChartTime,
  trendColors,
  yuan,
} from './chartTheme.ts';
import { attachCrosshairReadout } from './crosshairReadout.ts';
import { LiveBarBuilder } from './liveBars.ts';
import { subscribeTicks } from './liveTicks.ts';
import { intradayReadout, type Readout } from './readout.ts';

/** The day's average price in cents: turnover over volume. */
const averageCents = (turnover: string, volume: number, fallback: number) =>
  volume > 0 ? decimalToCents(turnover) / volume : fallback;

/** The slots of the day's two auction prints: the 09:25 open lands in 09:30, the 15:00 close in 14:59. */
const AUCTION_SLOTS = [0, MINUTE_SLOTS - 1];

/** Both price axes keep the same margins, so the previous close stays in the middle of each. */
const SYMMETRIC_MARGINS = { top: 0.06, bottom: 0.06 };

interface Minute {
  time: number;
  price: string;
  average: string;
  volume: number;
}

/**
 * Today's minute chart: price and average-price lines over the whole session (09:30–15:00,
 * lunch left out), volume below, the previous close as a dashed line in the middle. The price
 * axis (left) reaches as far below the previous close as above it, the percentage axis (right)
 * reads the same rows as changes. Live ticks update the forming minute in place; a tap shows the
 * crosshair and the minute's figures.
 */
export function IntradayChart({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const colors = useSession((s) => s.colors);
  const [readout, setReadout] = useState<Readout | null>(null);
  const [state, reload] = useLoad((signal) => fetchIntraday(symbol, signal), [symbol]);

  useEffect(() => {
    const element = container.current;
    if (state.status !== 'success' || !element) return;
    // Drawn after the frame that shows its box: see afterPaint.
    return afterPaint(() => {
      const { tradingDate, prevClose, points } = state.data;
      const prev = decimalToCents(prevClose);
      const { up, down } = trendColors(colors);
      const base = baseChartOptions(true);
      const chart: IChartApi = createChart(element, {
        ...base,
        leftPriceScale: { ...base.rightPriceScale, visible: true, scaleMargins: SYMMETRIC_MARGINS },
        rightPriceScale: { ...base.rightPriceScale, scaleMargins: SYMMETRIC_MARGINS },
        timeScale: { ...base.timeScale, lockVisibleTimeRangeOnResize: true },
        handleScroll: false,
        handleScale: false,
      });

      // Every minute drawn so far by bar time: what the scales and the readout read.
      const minutes = new Map<number, Minute>(points.map((p) => [p.time, { ...p }]));
      let low = prev;
      let high = prev;
      const widen = (cents: number) => {
        low = Math.min(low, cents);
        high = Math.max(high, cents);
      };
      for (const p of points) {
        widen(decimalToCents(p.price));
        widen(decimalToCents(p.average));
      }
      const priceRange = () => {
        const range = symmetricPriceRange(yuan(prev), yuan(low), yuan(high));
        return { priceRange: range };
      };

      // Whitespace at every minute of the session fixes the axis to the whole day. On the price
      // axis: the first series on an axis chooses its label format, and the right one reads percent.
      const axis = chart.addSeries(LineSeries, {
        priceScaleId: 'left',
        priceFormat: PRICE_FORMAT,
        lastValueVisible: false,
        priceLineVisible: false,
      });
      axis.setData(
        Array.from({ length: MINUTE_SLOTS }, (_, slot) => ({
          time: toChartTime(slotStart(tradingDate, slot)),
        })),
      );
      // No last-price tag: the header shows the price, and a tag would sit over the axis's labels.
      const price = chart.addSeries(LineSeries, {
        color: CHART_COLORS.price,
        lineWidth: 2,
        priceFormat: PRICE_FORMAT,
        priceScaleId: 'left',
        priceLineVisible: false,
        lastValueVisible: false,
        autoscaleInfoProvider: priceRange,
      });
      price.createPriceLine({
        price: yuan(prev),
        color: CHART_COLORS.prevClose,
        lineStyle: LineStyle.Dashed,
        lineWidth: 1,
        axisLabelVisible: false,
        title: '',
      });
      const average = addOverlayLine(chart, CHART_COLORS.average, 'left');
      average.applyOptions({ autoscaleInfoProvider: priceRange });
      // The price again as a change from the previous close, unseen: it gives the right axis its percentages.
      const percent = chart.addSeries(LineSeries, {
        lineVisible: false,
        priceFormat: PERCENT_FORMAT,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
        autoscaleInfoProvider: () => ({
          priceRange: percentRange(yuan(prev), symmetricPriceRange(yuan(prev), yuan(low), yuan(high))),
        }),
      });
      const percentOf = (cents: number) => ((cents - prev) / prev) * 100;
      const auctionBars = new Set(AUCTION_SLOTS.map((slot) => slotStart(tradingDate, slot)));
      const volumes = new Map<number, number>(points.map((p) => [p.time, p.volume]));
      const volume = addVolumePane(chart);
      volume.applyOptions({
        autoscaleInfoProvider: () => ({
          priceRange: { minValue: 0, maxValue: volumeCeiling(volumes, auctionBars) },
        }),
      });

      let lastPrice = prev;
      const colorOf = (cents: number) => (cents >= lastPrice ? up : down);
      price.setData(points.map((p) => ({ time: toChartTime(p.time), value: Number(p.price) })));
      average.setData(points.map((p) => ({ time: toChartTime(p.time), value: Number(p.average) })));
      percent.setData(
        points.map((p) => ({ time: toChartTime(p.time), value: percentOf(decimalToCents(p.price)) })),
      );
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

      const byChartTime = (time: UTCTimestamp) => minutes.get(time * 1000 - SHANGHAI_OFFSET_MS);
      const detachReadout = attachCrosshairReadout(
        chart,
        element,
        {
          series: percent,
          times: () => [...minutes.keys()].sort((a, b) => a - b).map(toChartTime),
          at: (time) => {
            const minute = byChartTime(time);
            return minute
              ? {
                  price: percentOf(decimalToCents(minute.price)),
                  readout: intradayReadout(minute, prevClose),
                }
              : null;
          },
        },
        setReadout,
      );

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
        const averageNow = averageCents(quote.turnover, quote.volume, bar.close);
        widen(bar.close);
        widen(averageNow);
        minutes.set(bar.time, {
          time: bar.time,
          price: centsToDecimal(bar.close),
          average: yuan(averageNow).toFixed(4),
          volume: bar.volume,
        });
        volumes.set(bar.time, bar.volume);
        const time: UTCTimestamp = toChartTime(bar.time);
        price.update({ time, value: yuan(bar.close) });
        average.update({ time, value: yuan(averageNow) });
        percent.update({ time, value: percentOf(bar.close) });
        volume.update({ time, value: bar.volume, color: bar.close >= barStartPrice ? up : down });
      });

      return () => {
        detachReadout();
        setReadout(null);
        unsubscribe();
        chart.timeScale().unsubscribeSizeChange(showWholeDay);
        chart.remove();
      };
    });
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
      <ChartReadout readout={readout} period="intraday" />
      <ChartCanvas state={state} onRetry={reload} canvasRef={container} label={t('stock.chart.hint')} />
    </div>
  );
}
