import {
  type Balance,
  Dec,
  type FillView,
  type OrderStatus,
  type OrderView,
  type PositionView,
  toMoneyString,
} from '@bourse/shared';
import { create } from 'zustand';
import type { AccountSummary } from './tradingApi.ts';

/** What the REST routes say at one moment: the base the /user events are applied to. */
export interface TradingSnapshot {
  orders: OrderView[];
  fills: FillView[];
  positions: PositionView[];
  account: AccountSummary;
}

/** One /user event, its payload parsed with the shared schema. */
export type UserEvent =
  | { event: 'order'; payload: OrderView }
  | { event: 'fill'; payload: FillView }
  | { event: 'balance'; payload: Balance }
  | { event: 'position'; payload: PositionView };

export type ChannelState =
  /** Logged out, or no screen has asked for trading data yet. */
  | 'idle'
  | 'connecting'
  | 'open'
  /** The connection dropped; socket.io is retrying. */
  | 'reconnecting'
  /** The server refused the session (expired or revoked) or the connection (too many): nothing streams until the next login. */
  | 'refused';

export type SnapshotState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success' }
  /** `error` is translated and fit to show. */
  | { status: 'error'; error: string };

export interface TradingState {
  /** The /user socket. */
  channel: ChannelState;
  /** The last REST snapshot: screens show a spinner or the error until there is data. */
  snapshot: SnapshotState;
  /** The trading day the lists below belong to; null before the first snapshot. */
  tradingDate: string | null;
  /** Today's orders by id. */
  orders: Record<string, OrderView>;
  /** Today's fills by id. */
  fills: Record<string, FillView>;
  /** Open positions by symbol, revalued by the server as quotes move. */
  positions: Record<string, PositionView>;
  /** Cash available, frozen and withdrawable; null before the first snapshot. */
  balance: Balance | null;
  /** The account summary of the last snapshot, with the positions it was computed from. */
  accountBase: { summary: AccountSummary; positions: readonly PositionView[] } | null;
}

export const initialTradingState = (): TradingState => ({
  channel: 'idle',
  snapshot: { status: 'idle' },
  tradingDate: null,
  orders: {},
  fills: {},
  positions: {},
  balance: null,
  accountBase: null,
});

export const useTradingStore = create<TradingState>(() => initialTradingState());

const byKey = <T>(items: readonly T[], key: (item: T) => string): Record<string, T> =>
  Object.fromEntries(items.map((item) => [key(item), item]));

/** The state a snapshot sets: everything of the account replaced at once. */
export function applySnapshot(snapshot: TradingSnapshot): Partial<TradingState> {
  const { account: summary, positions } = snapshot;
  return {
    snapshot: { status: 'success' },
    tradingDate: summary.tradingDate,
    orders: byKey(snapshot.orders, (o) => o.id),
    fills: byKey(snapshot.fills, (f) => f.id),
    positions: byKey(
      positions.filter((p) => p.quantity > 0),
      (p) => p.symbol,
    ),
    balance: { available: summary.available, frozen: summary.frozen, withdrawable: summary.withdrawable },
    accountBase: { summary, positions },
  };
}

/** True when an event belongs to a later trading day than the lists hold: they need a new snapshot. */
export function isFromLaterDay(state: TradingState, event: UserEvent): boolean {
  if (state.tradingDate === null || (event.event !== 'order' && event.event !== 'fill')) return false;
  return event.payload.tradingDate > state.tradingDate;
}

/** The state after one event; a stale order update (older than what is held) changes nothing. */
export function applyEvent(state: TradingState, event: UserEvent): Partial<TradingState> {
  switch (event.event) {
    case 'order': {
      const order = event.payload;
      if (order.tradingDate !== state.tradingDate) return {};
      const held = state.orders[order.id];
      if (held && held.updatedAt > order.updatedAt) return {};
      return { orders: { ...state.orders, [order.id]: order } };
    }
    case 'fill': {
      const fill = event.payload;
      if (fill.tradingDate !== state.tradingDate) return {};
      return { fills: { ...state.fills, [fill.id]: fill } };
    }
    case 'balance':
      return { balance: event.payload };
    case 'position': {
      const { [event.payload.symbol]: _old, ...others } = state.positions;
      // A position sold down to zero has moved to the history.
      return { positions: event.payload.quantity > 0 ? { ...others, [event.payload.symbol]: event.payload } : others };
    }
  }
}

/** An order the server answered with (placed or cancelled): shown at once, before its event arrives. */
export function noteOrder(order: OrderView): void {
  useTradingStore.setState((state) => applyEvent(state, { event: 'order', payload: order }));
}

const OPEN_STATUSES: readonly OrderStatus[] = ['pending', 'partially_filled'];

export const isOpenOrder = (order: OrderView): boolean => OPEN_STATUSES.includes(order.status);

/** Newest first. */
export const newestFirst = <T extends { createdAt: string }>(items: Iterable<T>): T[] =>
  [...items].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));

const sumOf = <T>(items: readonly T[], figure: (item: T) => Dec | string): Dec =>
  items.reduce((sum, item) => sum.plus(figure(item)), new Dec(0));

/**
 * The account summary, live: cash from the latest balance, market value from the positions as
 * the server revalues them, and the P&L of the snapshot moved by what the positions have done
 * since (closed positions' realised P&L only changes with a fill, which brings a new snapshot).
 */
export function liveAccount(
  state: Pick<TradingState, 'accountBase' | 'balance' | 'positions'>,
): AccountSummary | null {
  const { accountBase, balance } = state;
  if (!accountBase || !balance) return null;
  const now = Object.values(state.positions);
  const moved = (figure: (p: PositionView) => Dec | string) =>
    sumOf(now, figure).minus(sumOf(accountBase.positions, figure));
  const marketValue = sumOf(now, (p) => p.marketValue);
  const cash = new Dec(balance.available).plus(balance.frozen);
  const todayPnl = new Dec(accountBase.summary.todayPnl).plus(moved((p) => p.todayPnl));
  const totalPnl = new Dec(accountBase.summary.totalPnl).plus(
    moved((p) => new Dec(p.floatingPnl).plus(p.realisedPnl)),
  );
  return {
    ...accountBase.summary,
    ...balance,
    cash: toMoneyString(cash),
    marketValue: toMoneyString(marketValue),
    totalAssets: toMoneyString(cash.plus(marketValue)),
    todayPnl: toMoneyString(todayPnl),
    totalPnl: toMoneyString(totalPnl),
  };
}
