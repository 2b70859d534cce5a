import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../lib/useLoad.ts';
import { useThrottled } from '../../lib/useThrottled.ts';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { SearchLink } from '../../shared-ui/SearchLink.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { useQuoteStream } from './data/hooks.ts';
import { loadMarketApi } from './data/loadMarketApi.ts';
import type { Board, BoardSort } from './data/marketApi.ts';
import { useHeldOrder } from './list/orderHold.ts';
import { streamWindow } from './list/streamWindow.ts';
import { MarketStatusBar } from './MarketStatusBar.tsx';
import { QuoteRow } from './QuoteRow.tsx';
import './market.css';

export const ROW_HEIGHT = 56;
/** Rows rendered above and below the viewport (a wider window streams: see streamWindow). */
export const OVERSCAN = 8;
/** The subscription follows the scroll at most this often, during a fling too. */
export const SUBSCRIBE_THROTTLE_MS = 150;
/** The server re-sorts the board this often while the list is on screen. */
export const BOARD_REFRESH_MS = 5_000;

const BOARDS: readonly Board[] = ['all', 'main', 'chinext', 'star'];
type Order = 'asc' | 'desc';
const NO_SYMBOLS: readonly string[] = [];
const SORTS: readonly Exclude<BoardSort, 'symbol'>[] = ['price', 'pct', 'turnover'];

/**
 * The whole market, virtualised: only the rows on screen (plus overscan) exist; they and a page
 * either side stream, so a fling lands on rows that already have their quotes.
 */
export function MarketScreen() {
  const { t, i18n } = useTranslation();
  const [board, setBoard] = useState<Board>('all');
  const [sort, setSort] = useState<Exclude<BoardSort, 'symbol'>>('pct');
  const [order, setOrder] = useState<Order>('desc');
  const [codes, reload] = useLoad(
    // The call and its zod contract load beside the screen (see loadMarketApi), not before it.
    async (signal) => (await loadMarketApi()).fetchBoard({ board, sort, order }, signal),
    [board, sort, order],
    {
      refreshMs: BOARD_REFRESH_MS,
    },
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  // The server re-sorts every few seconds; a new order waits until the list is at rest.
  const symbols = useHeldOrder(
    codes.status === 'idle' ? NO_SYMBOLS : (codes.data?.symbols ?? NO_SYMBOLS),
    `${board}|${sort}|${order}`,
    scrollRef,
  );

  // The virtualizer re-measures every row when getItemKey changes: a new function per render
  // rebuilt all 5,000 rows' measurements on every render, each scroll frame among them.
  const getItemKey = useCallback((index: number) => symbols[index] ?? index, [symbols]);
  const virtualizer = useVirtualizer({
    count: symbols.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey,
  });
  const items = virtualizer.getVirtualItems();

  const streamed = streamWindow(items[0]?.index ?? 0, items.at(-1)?.index ?? -1, symbols.length);
  const windowKey = symbols.slice(streamed.from, streamed.to).join(',');
  const subscribedKey = useThrottled(windowKey, SUBSCRIBE_THROTTLE_MS);
  const subscribed = useMemo(() => (subscribedKey ? subscribedKey.split(',') : []), [subscribedKey]);
  useQuoteStream(subscribed);

  const chooseSort = (next: Exclude<BoardSort, 'symbol'>) => {
    if (next === sort) setOrder(order === 'desc' ? 'asc' : 'desc');
    else {
      setSort(next);
      setOrder('desc');
    }
    scrollRef.current?.scrollTo({ top: 0 });
  };

  const chooseBoard = (next: Board) => {
    setBoard(next);
    scrollRef.current?.scrollTo({ top: 0 });
  };

  return (
    <Screen nav={{ title: t('routes.market'), showBack: false, right: <SearchLink /> }} padded={false}>
      <div className="market-screen">
        <MarketStatusBar />
        <Segmented
          options={BOARDS.map((b) => ({ value: b, label: t(`market.boards.${b}`) }))}
          value={board}
          onChange={chooseBoard}
          label={t('market.boards.label')}
          testId="board"
        />
        <div className="quote-head" role="toolbar" aria-label={t('market.sort.label')}>
          <span className="quote-head__name">{t('market.columns.name')}</span>
          {SORTS.map((s) => (
            <button
              key={s}
              type="button"
              className={`quote-head__sort quote-head__sort--${s}${sort === s ? ' quote-head__sort--active' : ''}`}
              aria-pressed={sort === s}
              aria-label={t('market.sort.by', {
                column: t(`market.columns.${s}`),
                order: t(`market.sort.${sort === s && order === 'desc' ? 'asc' : 'desc'}`),
              })}
              onClick={() => chooseSort(s)}
              data-testid={`sort-${s}`}
            >
              {t(`market.columns.${s}`)}
              <span className="quote-head__arrow" aria-hidden="true">
                {sort === s ? (order === 'desc' ? '↓' : '↑') : '↕'}
              </span>
            </button>
          ))}
        </div>
        <div
          ref={scrollRef}
          className="quote-list"
          data-testid="quote-list"
          data-subscribed={subscribed.length}
          data-rows={items.length}
        >
          {symbols.length === 0 ? (
            <LoadState state={codes} onRetry={reload} empty={t('market.empty')} />
          ) : (
            <div className="quote-list__track" style={{ height: virtualizer.getTotalSize() }}>
              {items.map((item) => {
                const symbol = symbols[item.index];
                return symbol ? (
                  <QuoteRow
                    key={item.key}
                    symbol={symbol}
                    top={item.start}
                    height={item.size}
                    locale={i18n.language}
                  />
                ) : null;
              })}
            </div>
          )}
        </div>
      </div>
    </Screen>
  );
}
