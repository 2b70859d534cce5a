import { inOwnTask } from './yieldToBrowser.ts';

/**
 * Runs `start` in a task of its own once the browser has painted the frame it is about to paint,
 * and returns what undoes it, whether or not it has run yet. A chart made in the effect of the
 * commit that mounted its box forced the whole page's layout inside that effect and drew its
 * first frame right after: one of the longest tasks of the stock page's start on a phone
 * (issue 15's blocking time). After the paint the layout is already done and the chart's work
 * is a task of its own.
 */
export function afterPaint(start: () => () => void): () => void {
  let undoTask: (() => void) | undefined;
  const frame = requestAnimationFrame(() => {
    undoTask = inOwnTask(start);
  });
  return () => {
    cancelAnimationFrame(frame);
    undoTask?.();
  };
}
