import {
  type ChartOptions,
  ColorType,
  CrosshairMode,
  type DeepPartial,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type UTCTimestamp,
} from 'lightweight-charts';
import { currentLocale } from '../../../i18n/index.ts';
import { formatMoney, formatPct, formatPrice } from '../../../lib/format.ts';
import type { ColorConvention } from '../../session/index.ts';
import { chartLocalization, volumeFormat } from './chartLocale.ts';

/** The same reds and greens as the stylesheet's --rise and --fall. */
const RISE = '#d0252b';
const FALL = '#0a7a40';

/** Line colours double as the legend's text colours, so each keeps 4.5:1 on white (WCAG AA). */
export const CHART_COLORS = {
  price: '#1a5fd0',
  average: '#995c00',
  prevClose: '#86909c',
  ma: { 5: '#995c00', 10: '#1a5fd0', 20: '#7a3bc4' } as Record<number, string>,
  grid: '#f0f1f4',
  text: '#4e5969',
  border: '#e5e6eb',
};

/** Up and down colours after the user's setting (red up by default, the China convention). */
export function trendColors(colors: ColorConvention): { up: string; down: string } {
  return colors === 'red-up' ? { up: RISE, down: FALL } : { up: FALL, down: RISE };
}

export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/**
 * Chart time for an instant: lightweight-charts labels its axis in UTC, so times are moved by
 * Beijing's offset and the axis reads the exchange's clock wherever the phone is.
 */
export const toChartTime = (ms: number): UTCTimestamp =>
  Math.floor((ms + SHANGHAI_OFFSET_MS) / 1000) as UTCTimestamp;

/** Prices in cents to the yuan a chart draws. */
export const yuan = (cents: number): number => cents / 100;

/** A chart's look, with its dates, times and volumes in the reader's language. */
export function baseChartOptions(minuteBars: boolean): DeepPartial<ChartOptions> {
  const { localization, timeScale } = chartLocalization(currentLocale(), minuteBars);
  return {
    autoSize: true,
    localization,
    layout: {
      background: { type: ColorType.Solid, color: '#ffffff' },
      textColor: CHART_COLORS.text,
      fontSize: 11,
      panes: { separatorColor: CHART_COLORS.border, enableResize: false },
      // Its spot over the volume pane hides bars on a phone; ChartAttribution credits it instead.
      attributionLogo: false,
    },
    grid: { vertLines: { color: CHART_COLORS.grid }, horzLines: { color: CHART_COLORS.grid } },
    // A label half off the top or bottom edge is not drawn rather than drawn cut.
    rightPriceScale: { borderColor: CHART_COLORS.border, entireTextOnly: true },
    timeScale: {
      ...timeScale,
      borderColor: CHART_COLORS.border,
      timeVisible: minuteBars,
      secondsVisible: false,
    },
    crosshair: { mode: CrosshairMode.Normal },
  };
}

/**
 * Prices to the cent on every price series, written as the rest of the app writes them ("12,30"
 * in French). Per series, not the chart's localization.priceFormatter: that one would also write
 * the volume pane's and the percentage axis's labels as prices.
 */
export const PRICE_FORMAT = {
  type: 'custom',
  minMove: 0.01,
  formatter: (price: number) => formatPrice(price.toFixed(2)),
} as const;

/** Changes in percent on an axis, signed, in the reader's way: "+1.25%", "-0,50 %". */
export const PERCENT_FORMAT = {
  type: 'custom',
  minMove: 0.01,
  formatter: (pct: number) => formatPct(pct.toFixed(2)),
} as const;

/** Amounts (P&L) to the cent with the reader's separators: "1 234,56" in French. */
export const MONEY_FORMAT = {
  type: 'custom',
  minMove: 0.01,
  formatter: (amount: number) => formatMoney(amount),
} as const;

/** The volume pane under the price pane takes this share of the height. */
const VOLUME_PANE_STRETCH = 0.3;

/** A thin line over the prices (average price, moving averages) with no label of its own. */
export function addOverlayLine(chart: IChartApi, color: string, priceScaleId = 'right'): ISeriesApi<'Line'> {
  return chart.addSeries(LineSeries, {
    color,
    priceScaleId,
    lineWidth: 1,
    priceFormat: PRICE_FORMAT,
    priceLineVisible: false,
    lastValueVisible: false,
    crosshairMarkerVisible: false,
  });
}

/** Volume bars in their own pane under the prices. */
export function addVolumePane(chart: IChartApi): ISeriesApi<'Histogram'> {
  const volume = chart.addSeries(
    HistogramSeries,
    { priceFormat: volumeFormat(currentLocale()), priceLineVisible: false, lastValueVisible: false },
    1,
  );
  chart.panes()[1]?.setStretchFactor(VOLUME_PANE_STRETCH);
  return volume;
}
