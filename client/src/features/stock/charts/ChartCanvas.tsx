import type { RefObject } from 'react';
import type { Loadable } from '../../../lib/loadable.ts';
import { LoadState } from '../../../shared-ui/LoadState.tsx';

/** Where a chart draws once its data is loaded, focusable for its keys; until then the load state, with a retry. */
export function ChartCanvas({
  state,
  onRetry,
  canvasRef,
  label,
}: {
  state: Loadable<unknown>;
  onRetry: () => void;
  canvasRef: RefObject<HTMLDivElement | null>;
  /** What the chart is and how its keys work: it takes focus, so the arrow keys read its bars. */
  label: string;
}) {
  return state.status === 'success' ? (
    <div
      ref={canvasRef}
      className="chart__canvas"
      data-testid="chart-canvas"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: focused, the chart reads its bars from the arrow keys
      tabIndex={0}
      role="application"
      aria-label={label}
    />
  ) : (
    <div className="chart__canvas chart__canvas--empty">
      <LoadState state={state} onRetry={onRetry} empty="" />
    </div>
  );
}
