import type { OrderView } from '@bourse/shared';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStartInOwnTask } from '../../../lib/useStartInOwnTask.ts';
import { useMarketStatus } from '../../market/index.ts';
import { userChannel } from './user.ts';
import { liveAccount, newestFirst, useTradingStore } from './tradingStore.ts';

/**
 * Starts the /user channel (once per visit; it then follows login and logout) and takes a new
 * snapshot when the market moves to a new trading day: yesterday's buys become sellable.
 */
export function useTradingChannel(): void {
  useStartInOwnTask(userChannel);
  const tradingDate = useMarketStatus()?.tradingDate;
  useEffect(() => {
    if (tradingDate) userChannel().noticeTradingDate(tradingDate);
  }, [tradingDate]);
}

/** Today's orders, newest first. */
export function useTodayOrders(): OrderView[] {
  const orders = useTradingStore((s) => s.orders);
  return useMemo(() => newestFirst(Object.values(orders)), [orders]);
}

/** The account summary, kept live by balance and position events. */
export function useLiveAccount() {
  const parts = useTradingStore(
    useShallow((s) => ({ accountBase: s.accountBase, balance: s.balance, positions: s.positions })),
  );
  return useMemo(() => liveAccount(parts), [parts]);
}
