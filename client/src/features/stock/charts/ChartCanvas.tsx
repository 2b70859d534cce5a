import type { RefObject } from 'react';
import type { Loadable } from '../../../lib/loadable.ts';
import { LoadState } from '../../../shared-ui/LoadState.tsx';

/** Where a chart draws once its data is loaded; until then the load state, with a retry. */
export function ChartCanvas({
  state,
  onRetry,
  canvasRef,
}: {
  state: Loadable<unknown>;
  onRetry: () => void;
  canvasRef: RefObject<HTMLDivElement | null>;
}) {
  return state.status === 'success' ? (
    <div ref={canvasRef} className="chart__canvas" data-testid="chart-canvas" />
  ) : (
    <div className="chart__canvas chart__canvas--empty">
      <LoadState state={state} onRetry={onRetry} empty="" />
    </div>
  );
}
