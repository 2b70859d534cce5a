import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../shared-ui/Screen.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { MarketStatusBar } from '../market/index.ts';
import { useTodayOrders, useTradingChannel } from './data/hooks.ts';
import { newestFirst, useTradingStore } from './data/tradingStore.ts';
import { FillList } from './orders/FillList.tsx';
import { OrderList } from './orders/OrderList.tsx';
import { SnapshotState } from './SnapshotState.tsx';
import './trade.css';

type Tab = 'orders' | 'fills';

/** `/transaction`: today's orders (open ones cancellable) and fills, live from the /user channel. */
export function TransactionScreen() {
  const { t } = useTranslation();
  useTradingChannel();
  const [tab, setTab] = useState<Tab>('orders');
  const orders = useTodayOrders();
  const fillsById = useTradingStore((s) => s.fills);
  const fills = useMemo(() => newestFirst(Object.values(fillsById)), [fillsById]);
  const names = useMemo(() => Object.fromEntries(orders.map((o) => [o.symbol, o.name])), [orders]);
  return (
    <Screen nav={{ title: t('routes.transaction') }} padded={false}>
      <MarketStatusBar />
      <Segmented
        options={(['orders', 'fills'] as const).map((value) => ({ value, label: t(`trade.tabs.${value}`) }))}
        value={tab}
        onChange={setTab}
        label={t('routes.transaction')}
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
    </Screen>
  );
}
