import type {
  IChartApi,
  ISeriesApi,
  MouseEventParams,
  SeriesType,
  Time,
  UTCTimestamp,
} from 'lightweight-charts';
import type { Readout } from './readout.ts';

/** What a chart tells the readout: where its bars are and what each one reads. */
export interface ReadoutSource {
  /** The series whose price scale places the crosshair's horizontal line. */
  series: ISeriesApi<SeriesType>;
  /** The bars' chart times, oldest first (the keyboard steps through them). */
  times(): readonly UTCTimestamp[];
  /** The crosshair's price on `series` at a bar, and the bar's readout; null where there is no bar. */
  at(time: UTCTimestamp): { price: number; readout: Readout } | null;
}

/**
 * The crosshair and its readout, as on Tonghuashun: a tap pins both on the bar under the finger, a
 * second tap or a tap outside the chart takes them away; a long press drags them along and they go
 * on release; a mouse shows them while it hovers. Focused, the arrow keys step bar by bar and
 * Escape hides them. `show` gets the readout to draw, or null.
 */
export function attachCrosshairReadout(
  chart: IChartApi,
  element: HTMLElement,
  source: ReadoutSource,
  show: (readout: Readout | null) => void,
): () => void {
  /** The bar a tap or a key chose: it stays until taken away, unlike one under a moving pointer. */
  let pinned: UTCTimestamp | null = null;
  let lastShown: UTCTimestamp | null = null;
  let pointerType = 'mouse';

  const pin = (time: UTCTimestamp) => {
    const bar = source.at(time);
    if (!bar) return;
    pinned = time;
    lastShown = time;
    // A synthetic position fires no crosshair event: the readout is set here.
    chart.setCrosshairPosition(bar.price, time, source.series);
    show(bar.readout);
  };
  const unpin = () => {
    pinned = null;
    lastShown = null;
    chart.clearCrosshairPosition();
    show(null);
  };

  const onMove = (param: MouseEventParams<Time>) => {
    const time = param.time as UTCTimestamp | undefined;
    if (time !== undefined) {
      const bar = source.at(time);
      pinned = null;
      lastShown = bar ? time : null;
      show(bar?.readout ?? null);
    } else if (pinned === null) {
      lastShown = null;
      show(null);
    }
  };
  const onClick = (param: MouseEventParams<Time>) => {
    // A mouse already shows the readout as it hovers; a tap toggles it.
    if (pointerType === 'mouse') return;
    if (pinned !== null || param.time === undefined) unpin();
    else pin(param.time as UTCTimestamp);
  };
  const onPointerDown = (event: PointerEvent) => {
    pointerType = event.pointerType;
  };
  const onOutsidePointerDown = (event: PointerEvent) => {
    if (pinned !== null && !element.contains(event.target as Node)) unpin();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      if (lastShown !== null) unpin();
      return;
    }
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const times = source.times();
    if (times.length === 0) return;
    const at = lastShown === null ? -1 : times.indexOf(lastShown);
    const next = at < 0 ? times.length - 1 : Math.min(times.length - 1, Math.max(0, at + step));
    const time = times[next];
    if (time !== undefined) pin(time);
  };

  chart.subscribeCrosshairMove(onMove);
  chart.subscribeClick(onClick);
  element.addEventListener('pointerdown', onPointerDown, true);
  element.addEventListener('keydown', onKey);
  document.addEventListener('pointerdown', onOutsidePointerDown, true);
  return () => {
    chart.unsubscribeCrosshairMove(onMove);
    chart.unsubscribeClick(onClick);
    element.removeEventListener('pointerdown', onPointerDown, true);
    element.removeEventListener('keydown', onKey);
    document.removeEventListener('pointerdown', onOutsidePointerDown, true);
  };
}
