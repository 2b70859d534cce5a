import { Dec, type KlinePeriod, shanghaiDayStart } from '@bourse/shared';
import { CandlestickSeries, createChart, type LogicalRange, type MouseEventParams } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterPaint } from '../../../lib/afterPaint.ts';
import { formatPrice } from '../../../lib/format.ts';
import { messageOf } from '../../../lib/http/ApiError.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { fetchKline } from '../../market/index.ts';
import { useSession } from '../../session/index.ts';
import { ChartCanvas } from './ChartCanvas.tsx';
import { ChartReadout } from './ChartReadout.tsx';
import { klineBarSpacing } from './chartScale.ts';
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
import { attachCrosshairReadout } from './crosshairReadout.ts';
import { type ChartBar, LiveBarBuilder, toChartBar } from './liveBars.ts';
import { subscribeTicks } from './liveTicks.ts';
import { lastAverage, MA_WINDOWS, movingAverage } from './movingAverage.ts';
import { klineReadout, type Readout } from './readout.ts';

/** Bars per request, first load and each page back. */
export const KLINE_PAGE = 200;
/** Load older bars when fewer than this many are left of the visible range. */
const LOAD_MORE_WITHIN = 20;

const isMinutePeriod = (period: KlinePeriod) => period.endsWith('m');

type Legend = { ma: (number | null)[] } | null;

/**
 * Candles with volume and MA5/10/20 for one period. Older bars load as the user pans left
 * (`before` = the oldest bar's time); live ticks update the forming bar with `series.update`;
 * a tap shows the crosshair and the bar's figures.
 */
export function KlineChart({ symbol, period }: { symbol: string; period: KlinePeriod }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const colors = useSession((s) => s.colors);
  const [legend, setLegend] = useState<Legend>(null);
  const [readout, setReadout] = useState<Readout | null>(null);
  const [olderFailed, setOlderFailed] = useState<string>();
  const [state, reload] = useLoad(
    (signal) => fetchKline({ symbol, period, limit: KLINE_PAGE }, signal),
    [symbol, period],
  );

  useEffect(() => {
    const element = container.current;
    if (state.status !== 'success' || !element) return;
    // Drawn after the frame that shows its box: see afterPaint.
    return afterPaint(() => {
      const { up, down } = trendColors(colors);
      const chart = createChart(element, baseChartOptions(isMinutePeriod(period)));
      const candles = chart.addSeries(CandlestickSeries, {
        upColor: up,
        downColor: down,
        borderUpColor: up,
        borderDownColor: down,
        wickUpColor: up,
        wickDownColor: down,
        priceFormat: PRICE_FORMAT,
      });
      const averages = MA_WINDOWS.map((window) =>
        addOverlayLine(chart, CHART_COLORS.ma[window] ?? CHART_COLORS.price),
      );
      const volume = addVolumePane(chart);

      let bars: ChartBar[] = state.data.bars.map(toChartBar);
      let hasMore = state.data.hasMore;
      let loadingOlder = false;
      let disposed = false;
      const controller = new AbortController();
      const colorOf = (bar: ChartBar) => (bar.close >= bar.open ? up : down);

      /** Everything, after the first load and after a page of older bars. */
      const drawAll = () => {
        candles.setData(
          bars.map((b) => ({
            time: toChartTime(b.time),
            open: yuan(b.open),
            high: yuan(b.high),
            low: yuan(b.low),
            close: yuan(b.close),
          })),
        );
        volume.setData(bars.map((b) => ({ time: toChartTime(b.time), value: b.volume, color: colorOf(b) })));
        const closes = bars.map((b) => b.close);
        MA_WINDOWS.forEach((window, i) => {
          const ma = movingAverage(closes, window);
          averages[i]?.setData(
            bars.map((b, j) => {
              const value = ma[j];
              return value === null || value === undefined
                ? { time: toChartTime(b.time) }
                : { time: toChartTime(b.time), value: yuan(value) };
            }),
          );
        });
        setLegend({ ma: MA_WINDOWS.map((w) => lastAverage(closes, w)) });
      };
      drawAll();

      // A young history (a few months of weeks, a year of months) spreads over the whole chart
      // instead of bunching at the right; a long one keeps the default spacing and its newest bars.
      const fillWidth = () => {
        const width = chart.timeScale().width();
        chart.timeScale().applyOptions({ barSpacing: klineBarSpacing(bars.length + 1, width) });
        chart.timeScale().scrollToRealTime();
      };
      fillWidth();
      chart.timeScale().subscribeSizeChange(fillWidth);

      const detachReadout = attachCrosshairReadout(
        chart,
        element,
        {
          series: candles,
          times: () => bars.map((b) => toChartTime(b.time)),
          at: (time) => {
            const index = bars.findIndex((b) => toChartTime(b.time) === time);
            const readout = klineReadout(bars, index);
            const bar = bars[index];
            return readout && bar ? { price: yuan(bar.close), readout } : null;
          },
        },
        setReadout,
      );

      const loadOlder = async () => {
        const oldest = bars[0];
        if (!oldest || loadingOlder || !hasMore) return;
        loadingOlder = true;
        try {
          const page = await fetchKline(
            { symbol, period, limit: KLINE_PAGE, before: oldest.time },
            controller.signal,
          );
          if (disposed) return;
          const older = page.bars.map(toChartBar).filter((b) => b.time < oldest.time);
          hasMore = page.hasMore && older.length > 0;
          bars = [...older, ...bars];
          drawAll();
          setOlderFailed(undefined);
        } catch (error) {
          if (!disposed) setOlderFailed(messageOf(error));
        } finally {
          loadingOlder = false;
        }
      };
      const onRange = (range: LogicalRange | null) => {
        if (!range) return;
        const info = candles.barsInLogicalRange(range);
        if (info && info.barsBefore < LOAD_MORE_WITHIN) void loadOlder();
      };
      chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);

      const onCrosshair = (param: MouseEventParams) => {
        if (param.time === undefined) {
          const closes = bars.map((b) => b.close);
          setLegend({ ma: MA_WINDOWS.map((w) => lastAverage(closes, w)) });
          return;
        }
        setLegend({
          ma: averages.map((series) => {
            const point = param.seriesData.get(series);
            return point && 'value' in point ? point.value * 100 : null;
          }),
        });
      };
      chart.subscribeCrosshairMove(onCrosshair);

      let builder: LiveBarBuilder | undefined;
      let builderDate: string | undefined;
      let stale = false;
      const unsubscribe = subscribeTicks(symbol, (tick, _quote, tradingDate) => {
        if (stale) return;
        if (builderDate !== undefined && builderDate !== tradingDate) {
          // A new trading day: load the chart again, once.
          stale = true;
          reload();
          return;
        }
        if (!builder) {
          builderDate = tradingDate;
          const dayStart = shanghaiDayStart(tradingDate);
          const today = bars.filter((b) => b.time >= dayStart).reduce((sum, b) => sum + b.volume, 0);
          builder = new LiveBarBuilder(
            period,
            tradingDate,
            bars.at(-1),
            isMinutePeriod(period) ? today : undefined,
          );
        }
        const bar = builder.apply(tick);
        if (!bar) return;
        if (bars.at(-1)?.time === bar.time) bars[bars.length - 1] = bar;
        else bars.push(bar);
        const time = toChartTime(bar.time);
        candles.update({
          time,
          open: yuan(bar.open),
          high: yuan(bar.high),
          low: yuan(bar.low),
          close: yuan(bar.close),
        });
        volume.update({ time, value: bar.volume, color: colorOf(bar) });
        const closes = bars.slice(-Math.max(...MA_WINDOWS)).map((b) => b.close);
        MA_WINDOWS.forEach((window, i) => {
          const value = lastAverage(closes, window);
          if (value !== null) averages[i]?.update({ time, value: yuan(value) });
        });
      });

      return () => {
        detachReadout();
        setReadout(null);
        chart.timeScale().unsubscribeSizeChange(fillWidth);
        disposed = true;
        controller.abort();
        unsubscribe();
        chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
        chart.unsubscribeCrosshairMove(onCrosshair);
        chart.remove();
      };
    });
  }, [state, symbol, period, colors, reload]);

  return (
    <div className="chart" data-testid="kline-chart">
      <div className="chart__legend">
        {MA_WINDOWS.map((window, i) => (
          <span key={window} className="chart__key" style={{ color: CHART_COLORS.ma[window] }}>
            {t('stock.chart.ma', { window })}
            {legend?.ma[i] !== null && legend?.ma[i] !== undefined
              ? ` ${formatPrice(new Dec(legend.ma[i]).div(100).toFixed(2))}`
              : ''}
          </span>
        ))}
      </div>
      <ChartReadout readout={readout} period={period} />
      <ChartCanvas state={state} onRetry={reload} canvasRef={container} label={t('stock.chart.hint')} />
      {olderFailed ? (
        <p className="chart__note" role="status">
          {olderFailed}
        </p>
      ) : null}
    </div>
  );
}
