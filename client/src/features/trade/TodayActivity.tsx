import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { useTodayOrders } from './data/hooks.ts';
import { newestFirst, useTradingStore } from './data/tradingStore.ts';
import { FillList } from './orders/FillList.tsx';
import { OrderList } from './orders/OrderList.tsx';
import { SnapshotState } from './SnapshotState.tsx';

type Tab = 'orders' | 'fills';

/** Today's orders (open ones cancellable) and fills, live from the /user channel, one tab each. */
export function TodayActivity({ label }: { label: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('orders');
  const orders = useTodayOrders();
  const fillsById = useTradingStore((s) => s.fills);
  const fills = useMemo(() => newestFirst(Object.values(fillsById)), [fillsById]);
  const names = useMemo(() => Object.fromEntries(orders.map((o) => [o.symbol, o.name])), [orders]);
  return (
    <>
      <Segmented
        options={(['orders', 'fills'] as const).map((value) => ({ value, label: t(`trade.tabs.${value}`) }))}
        value={tab}
        onChange={setTab}
        label={label}
        testId="transaction-tab"
      />
      <div className="trade-screen__body">
        <SnapshotState>
          <section className="card">
            {tab === 'orders' ? (
              <OrderList orders={orders} empty={t('trade.noOrders')} />
            ) : (
              <FillList fills={fills} names={names} empty={t('trade.noFills')} />
            )}
          </section>
        </SnapshotState>
      </div>
    </>
  );
}
