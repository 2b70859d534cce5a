import type { IndexQuoteUpdate } from '@bourse/shared';
import { indexQuoteOf } from './fakeMarketSocket.ts';
import { jsonResponse, ok } from './fixtures.ts';

/** The trading day of these fixtures. */
export const LINES_DAY = '2026-07-08';

/** ms since the epoch of `hhmm` Shanghai time on LINES_DAY. */
export const linesAt = (hhmm: string) => Date.parse(`${LINES_DAY}T${hhmm}:00+08:00`);

/** The SSE Composite's morning so far: 09:30 and 09:31. */
const SSE_MORNING = {
  tradingDate: LINES_DAY,
  prevClose: '3000.00',
  points: [
    { time: linesAt('09:30'), price: '3001.00', average: '3001.00', volume: 1_000_000 },
    { time: linesAt('09:31'), price: '3004.00', average: '3003.00', volume: 2_000_000 },
  ],
};

/** fakeApi answers for the index cards' lines: SSE_MORNING for the SSE Composite, empty days for the others. */
export const indexLinesApi = {
  'GET /market/intraday': (_init: RequestInit | undefined, url: URL) =>
    jsonResponse(
      ok(url.searchParams.get('symbol') === 'sh000001' ? SSE_MORNING : { ...SSE_MORNING, points: [] }).body,
    ),
};

/** The indices as the SSE Composite's line ends (seq 2, up 0.15%), with the ChiNext Index down 0.24%. */
export const morningIndexQuotes = (): IndexQuoteUpdate[] => [
  indexQuoteOf('sh000001', {
    value: '3004.50',
    change: '4.50',
    pct: '0.15',
    time: linesAt('09:31') + 40_000,
    seq: 2,
  }),
  indexQuoteOf('sz399006', { value: '2095.00', change: '-5.00', pct: '-0.24', prevClose: '2100.00' }),
];
