import { Dec, type Side } from '@bourse/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useSearchParams } from 'react-router-dom';
import type { RouteHandle } from '../../app/routeTypes.ts';
import { formatPct, formatPrice, trendClass, trendOf } from '../../lib/format.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Icon } from '../../shared-ui/Icon.tsx';
import { LoadState } from '../../shared-ui/LoadState.tsx';
import { NameCode } from '../../shared-ui/NameCode.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { Sheet } from '../../shared-ui/Sheet.tsx';
import {
  MarketStatusBar,
  useBookStream,
  useLiveQuote,
  useMarketStatus,
  useMarketStore,
} from '../market/index.ts';
import { PositionList } from '../portfolio/index.ts';
import { InstrumentSearch } from '../search/index.ts';
import { useTodayOrders, useTradingChannel } from './data/hooks.ts';
import { isOpenOrder, useTradingStore } from './data/tradingStore.ts';
import { rememberSymbol, SYMBOL, useLastSymbol } from './lastSymbol.ts';
import { OrderList } from './orders/OrderList.tsx';
import { SnapshotState } from './SnapshotState.tsx';
import { TodayActivity } from './TodayActivity.tsx';
import { Ticket } from './ticket/Ticket.tsx';
import { instrumentOf } from './ticket/ticketMath.ts';
import '../stock/stock.css';
import './trade.css';

/** The ticket once its quote and the trading day are known (the account's snapshot is awaited around it). */
function TicketArea({ symbol, side }: { symbol: string; side: Side }) {
  const { t } = useTranslation();
  const quote = useLiveQuote(symbol);
  useBookStream(symbol);
  const refused = useMarketStore((s) => s.refused[symbol]);
  const status = useMarketStatus();
  const balance = useTradingStore((s) => s.balance);
  const accountDate = useTradingStore((s) => s.tradingDate);
  const sellable = useTradingStore((s) => s.positions[symbol]?.sellableQuantity ?? 0);
  const instrument = quote && instrumentOf(quote);
  const tradingDate = status?.tradingDate ?? accountDate;

  if (refused || (quote && !instrument)) {
    return (
      <p className="load-state" role="alert" data-testid="ticket-unknown">
        {t('stock.unknown', { code: symbol })}
      </p>
    );
  }
  if (!quote || !instrument || !balance || !tradingDate)
    return <LoadState state={{ status: 'pending' }} empty="" />;
  return (
    <Ticket
      // A new stock or side starts a fresh ticket at the latest price.
      key={`${symbol}:${side}`}
      symbol={symbol}
      side={side}
      quote={quote}
      instrument={instrument}
      tradingDate={tradingDate}
      phase={status?.phase ?? null}
      available={new Dec(balance.available)}
      sellable={sellable}
    />
  );
}

/** The stock being traded, live; a tap opens the picker. */
function SymbolButton({ symbol, onOpen }: { symbol: string | undefined; onOpen: () => void }) {
  const { t } = useTranslation();
  const quote = useLiveQuote(symbol);
  const trend = trendClass(trendOf(quote?.change));
  return (
    <button type="button" className="ticket-symbol" onClick={onOpen} data-testid="ticket-symbol">
      {symbol ? (
        <>
          <NameCode name={quote?.name ?? symbol} symbol={symbol} />
          <span className={`ticket-symbol__price ${trend}`} data-testid="ticket-last-price">
            {formatPrice(quote?.price)}
          </span>
          <span className={`ticket-symbol__pct ${trend}`}>
            {formatPct(quote?.pct, trendOf(quote?.change))}
          </span>
        </>
      ) : (
        <span className="ticket-symbol__choose">{t('trade.chooseStock')}</span>
      )}
      <Icon name="search" size={20} />
    </button>
  );
}

/** The broker-app tabs of the trade screen: the two ticket sides, then the account's orders and holdings. */
const TRADE_TABS = ['buy', 'sell', 'cancel', 'positions', 'query'] as const;
type TradeTab = (typeof TRADE_TABS)[number];
/** Tabs without a ticket: `?tab=` names them; the ticket's side stays `?side=`, as order links write it. */
const ACCOUNT_TABS: readonly string[] = ['cancel', 'positions', 'query'] satisfies TradeTab[];

/** Today's orders still open, each cancelled with one tap (or told why not in a no-cancel window). */
function CancelTab() {
  const { t } = useTranslation();
  const orders = useTodayOrders();
  const open = useMemo(() => orders.filter(isOpenOrder), [orders]);
  return (
    <div className="trade-screen__body">
      <SnapshotState>
        <section className="card" aria-label={t('trade.tab.cancel')}>
          <OrderList orders={open} empty={t('trade.noOpenOrders')} />
        </section>
      </SnapshotState>
    </div>
  );
}

/** Every position, largest first, revalued live; a tap opens its details. */
function PositionsTab() {
  const { t } = useTranslation();
  return (
    <div className="trade-screen__body">
      <SnapshotState>
        <PositionList
          empty={
            <p className="load-state" data-testid="positions-empty">
              {t('portfolio.noPositions')}
            </p>
          }
        />
      </SnapshotState>
    </div>
  );
}

/** Today's orders and fills, and the way to the closed positions of earlier days. */
function QueryTab() {
  const { t } = useTranslation();
  return (
    <>
      <TodayActivity label={t('trade.tab.query')} />
      <div className="trade-screen__body">
        <Link to="/historyPosition" className="button button--ghost" data-testid="trade-history">
          {t('trade.historyLink')}
        </Link>
      </div>
    </>
  );
}

/**
 * `/trade` (tab) and `/shares/creatOrder?symbol=&side=`: the broker-app tabs Buy, Sell, Cancel,
 * Positions and Query. Buy and Sell show the stock, the ticket beside the book and today's orders;
 * each tab is in the URL, so the back button returns to the previous tab.
 */
export function TradeScreen() {
  const { t } = useTranslation();
  useTradingChannel();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const [params, setParams] = useSearchParams();
  const asked = params.get('symbol');
  const last = useLastSymbol((s) => s.symbol);
  const symbol = asked && SYMBOL.test(asked) ? asked : (last ?? undefined);
  const side: Side = params.get('side') === 'sell' ? 'sell' : 'buy';
  const askedTab = params.get('tab');
  const tab: TradeTab = askedTab && ACCOUNT_TABS.includes(askedTab) ? (askedTab as TradeTab) : side;
  const [picking, setPicking] = useState(false);
  const orders = useTodayOrders();
  useEffect(() => {
    if (symbol) rememberSymbol(symbol);
  }, [symbol]);

  const show = (next: { symbol?: string; side: Side }) =>
    setParams(next.symbol ? { symbol: next.symbol, side: next.side } : { side: next.side }, {
      replace: true,
    });
  // A new tab is a new history entry (back returns to the tab before); the stock is kept.
  const openTab = (next: TradeTab) => {
    const kept: Record<string, string> = symbol ? { symbol } : {};
    setParams(next === 'buy' || next === 'sell' ? { ...kept, side: next } : { ...kept, tab: next });
  };
  const choose = (picked: string) => {
    setPicking(false);
    show({ symbol: picked, side });
  };

  return (
    <Screen
      nav={{ title: t(`routes.${handle?.id ?? 'trade'}`), showBack: handle?.tabBar !== true }}
      padded={false}
    >
      <MarketStatusBar />
      <div className="trade-screen">
        <Segmented
          options={TRADE_TABS.map((value) => ({ value, label: t(`trade.tab.${value}`) }))}
          value={tab}
          onChange={openTab}
          label={t('trade.tabsLabel')}
          testId="trade-tab"
        />
        {tab === 'cancel' ? <CancelTab /> : null}
        {tab === 'positions' ? <PositionsTab /> : null}
        {tab === 'query' ? <QueryTab /> : null}
        {tab === 'buy' || tab === 'sell' ? (
          <div className="trade-screen__body">
            <SymbolButton symbol={symbol} onOpen={() => setPicking(true)} />
            {symbol ? (
              <SnapshotState>
                <TicketArea symbol={symbol} side={side} />
              </SnapshotState>
            ) : (
              <div className="empty">
                <p>{t('trade.chooseHint')}</p>
                <Button variant="ghost" onClick={() => setPicking(true)} testId="ticket-choose">
                  {t('trade.chooseStock')}
                </Button>
              </div>
            )}
            <section className="card today-orders" aria-label={t('trade.todayOrders')}>
              <h2 className="card__title">{t('trade.todayOrders')}</h2>
              <OrderList orders={orders} empty={t('trade.noOrders')} />
            </section>
          </div>
        ) : null}
      </div>
      {picking ? (
        <Sheet title={t('trade.chooseStock')} onClose={() => setPicking(false)} tall testId="symbol-picker">
          <InstrumentSearch onPick={(item) => choose(item.symbol)} />
        </Sheet>
      ) : null}
    </Screen>
  );
}
