import { IndexCards } from './IndexCards.tsx';
import { useIndexViews } from './useIndexViews.ts';

/**
 * The index cards following the market. A component of its own so that an index tick renders the
 * cards again, not the whole screen around them (shortcuts, hot lists, the watchlist).
 */
export function LiveIndexCards() {
  return <IndexCards indices={useIndexViews()} />;
}
