/**
 * Rows are streamed in pages of this many: the subscription changes only when the screen crosses
 * a page. Ten keeps a phone screen (26 rendered rows) at no more than 60 streamed rows.
 */
export const STREAM_PAGE = 10;

/**
 * The rows to stream around the rendered rows `first`..`last` of `count`: the pages they touch
 * and one page either side, so rows about to scroll in already have their snapshot when they
 * appear (a fling does not show dashes), and a short scroll changes nothing. Half-open [from, to).
 */
export function streamWindow(
  first: number,
  last: number,
  count: number,
  page = STREAM_PAGE,
): { from: number; to: number } {
  if (count <= 0 || last < first) return { from: 0, to: 0 };
  return {
    from: Math.max(0, (Math.floor(first / page) - 1) * page),
    to: Math.min(count, (Math.floor(last / page) + 2) * page),
  };
}
