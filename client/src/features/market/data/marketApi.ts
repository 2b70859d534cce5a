import {
  type DragonTigerEntry,
  type KlinePeriod,
  marketRoutes,
  type QueryOf,
  type RankEvent,
  type RankList,
} from '@bourse/shared';
import { callApi, request } from '../../../lib/http/client.ts';

/**
 * The market's REST routes. Screens show failures in place (Loadable), so these calls are
 * silent: no toast for a background refresh that failed.
 */
type BoardQuery = QueryOf<typeof marketRoutes.board>;
export type Board = BoardQuery['board'];
export type BoardSort = BoardQuery['sort'];

export function fetchBoard(query: BoardQuery, signal?: AbortSignal) {
  return callApi(marketRoutes.board, { params: query, silent: true, signal });
}

export function fetchQuotes(symbols: readonly string[], signal?: AbortSignal) {
  return callApi(marketRoutes.quotes, { params: { symbols: symbols.join(',') }, silent: true, signal });
}

export function fetchKline(
  query: { symbol: string; period: KlinePeriod; limit: number; before?: number },
  signal?: AbortSignal,
) {
  return callApi(marketRoutes.kline, { params: query, silent: true, signal });
}

export function fetchIntraday(symbol: string, signal?: AbortSignal) {
  return callApi(marketRoutes.intraday, { params: { symbol }, silent: true, signal });
}

/** One stock of the listing with its fundamentals (total shares, EPS). */
export function fetchInstrument(symbol: string, signal?: AbortSignal) {
  return callApi(marketRoutes.instrument, { params: { symbol }, silent: true, signal });
}

export function searchInstruments(q: string, signal?: AbortSignal) {
  return callApi(marketRoutes.search, { params: { q, limit: 20 }, silent: true, signal });
}

export function fetchStatus(signal?: AbortSignal) {
  return callApi(marketRoutes.status, { silent: true, signal });
}

const rankPath = (list: RankList) => marketRoutes.rank.path.replace(':list', list);

/** A live list's latest event. */
export async function fetchRank(list: Exclude<RankList, 'dragonTiger'>, signal?: AbortSignal): Promise<RankEvent> {
  const data = await request('get', rankPath(list), marketRoutes.rank.response, { silent: true, signal });
  if ('entries' in data) throw new Error(`rank ${list}: answered with a dragon-tiger list`);
  return data;
}

/** The dragon-tiger list of a trading day (the latest when no date is given). */
export async function fetchDragonTiger(
  date: string | undefined,
  signal?: AbortSignal,
): Promise<{ tradingDate: string; entries: DragonTigerEntry[] }> {
  const data = await request('get', rankPath('dragonTiger'), marketRoutes.rank.response, {
    params: { date },
    silent: true,
    signal,
  });
  if (!('entries' in data)) throw new Error('dragonTiger: answered with a live list');
  return data;
}

export function fetchDragonTigerDates(signal?: AbortSignal) {
  return callApi(marketRoutes.dragonTigerDates, { params: { limit: 60 }, silent: true, signal });
}
