import { watchlistRoutes } from '@bourse/shared';
import { callApi, request } from '../../lib/http/client.ts';

export const fetchWatchlist = () => callApi(watchlistRoutes.list);

/** Adds a guest's list (newest first) to the signed-in user's; answers the merged list. */
export const mergeWatchlist = (symbols: string[]) =>
  callApi(watchlistRoutes.merge, { body: { symbols }, repeatSubmit: false });

// Quick taps may repeat a body within the duplicate window on purpose (watch, unwatch, watch).
export const watch = (symbol: string) =>
  callApi(watchlistRoutes.add, { body: { symbol }, repeatSubmit: false });

export function unwatch(symbol: string) {
  const { remove: route } = watchlistRoutes;
  return request(route.method, route.path.replace(':symbol', encodeURIComponent(symbol)), route.response);
}
