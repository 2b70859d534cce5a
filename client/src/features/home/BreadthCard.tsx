import { useTranslation } from 'react-i18next';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { CardHead } from '../market/CardHead.tsx';
import { measureBreadth } from './breadth.ts';

/** Breadth moves slowly; a refresh costs the board and two small quote requests. */
export const BREADTH_REFRESH_MS = 15_000;

async function loadBreadth(signal: AbortSignal) {
  // The REST contracts (zod) load with the market data layer, after the first screen.
  const { fetchBoard, fetchQuotes } = await import('../market/data/marketApi.ts');
  const { symbols } = await fetchBoard({ board: 'all', sort: 'pct', order: 'desc' }, signal);
  return measureBreadth(symbols, async (codes) => {
    const quotes = await fetchQuotes(codes, signal);
    return new Map(quotes.map((q) => [q.symbol, Number(q.pct)]));
  });
}

/** How many stocks are up, flat and down, as counts and one proportional bar. */
export function BreadthCard() {
  const { t } = useTranslation();
  const [state, reload] = useLoad(loadBreadth, [], { refreshMs: BREADTH_REFRESH_MS });
  const breadth = dataOf(state);
  const total = breadth ? breadth.up + breadth.flat + breadth.down : 0;
  const share = (n: number) => `${total > 0 ? (n / total) * 100 : 0}%`;
  return (
    <section className="card breadth" aria-label={t('home.breadth.title')} data-testid="breadth">
      <CardHead title={t('home.breadth.title')} to="/market" link={t('home.more')} />
      {breadth ? (
        <>
          <div className="breadth__counts">
            <span className="price-up" data-testid="breadth-up">
              {t('home.breadth.up', { count: breadth.up })}
            </span>
            <span className="price-flat" data-testid="breadth-flat">
              {t('home.breadth.flat', { count: breadth.flat })}
            </span>
            <span className="price-down" data-testid="breadth-down">
              {t('home.breadth.down', { count: breadth.down })}
            </span>
          </div>
          <div className="breadth__bar" aria-hidden="true">
            <span className="breadth__segment breadth__segment--up" style={{ width: share(breadth.up) }} />
            <span
              className="breadth__segment breadth__segment--flat"
              style={{ width: share(breadth.flat) }}
            />
            <span
              className="breadth__segment breadth__segment--down"
              style={{ width: share(breadth.down) }}
            />
          </div>
        </>
      ) : state.status === 'error' ? (
        <button type="button" className="link-button" onClick={reload}>
          {state.error}
        </button>
      ) : (
        <div className="breadth__bar breadth__bar--loading" aria-busy="true" />
      )}
    </section>
  );
}
