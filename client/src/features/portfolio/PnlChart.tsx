import { BaselineSeries, createChart } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { useSession } from '../session/index.ts';
import { baseChartOptions, MONEY_FORMAT, toChartTime, trendColors } from '../stock/index.ts';
import type { PnlPoint } from './pnlHistory.ts';

/** A colour with an alpha, from the chart theme's #rrggbb. */
const faded = (hex: string, alpha: number) =>
  `rgba(${Number.parseInt(hex.slice(1, 3), 16)}, ${Number.parseInt(hex.slice(3, 5), 16)}, ${Number.parseInt(hex.slice(5, 7), 16)}, ${alpha})`;

/** P&L by day as a line about zero: gains above in the rise colour, losses below in the fall colour. */
export function PnlChart({ points }: { points: readonly PnlPoint[] }) {
  const container = useRef<HTMLDivElement>(null);
  const colors = useSession((s) => s.colors);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { up, down } = trendColors(colors);
    const chart = createChart(element, {
      // Times as well as days: the line starts at the first buy, in the exchange's time.
      ...baseChartOptions(true),
      handleScroll: false,
      handleScale: false,
    });
    const series = chart.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      topLineColor: up,
      topFillColor1: faded(up, 0.25),
      topFillColor2: faded(up, 0.02),
      bottomLineColor: down,
      bottomFillColor1: faded(down, 0.02),
      bottomFillColor2: faded(down, 0.25),
      lineWidth: 2,
      priceFormat: MONEY_FORMAT,
    });
    series.setData(points.map((p) => ({ time: toChartTime(p.at), value: p.pnl.toNumber() })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, colors]);

  return <div ref={container} className="chart__canvas pnl-chart" data-testid="pnl-chart" />;
}
