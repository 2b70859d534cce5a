import { useTranslation } from 'react-i18next';
import { Screen } from '../../shared-ui/Screen.tsx';
import { MarketStatusBar } from '../market/index.ts';
import { useTradingChannel } from './data/hooks.ts';
import { TodayActivity } from './TodayActivity.tsx';
import './trade.css';

/** `/transaction`: today's orders (open ones cancellable) and fills, live from the /user channel. */
export function TransactionScreen() {
  const { t } = useTranslation();
  useTradingChannel();
  return (
    <Screen nav={{ title: t('routes.transaction') }} padded={false}>
      <MarketStatusBar />
      <TodayActivity label={t('routes.transaction')} />
    </Screen>
  );
}
