import { useTranslation } from 'react-i18next';
import { money } from '../../lib/accountFormat.ts';
import { Pnl } from '../../shared-ui/Pnl.tsx';
import { SnapshotState, useLiveAccount, useTradingChannel } from '../trade/index.ts';
import { FigureGrid } from './Figures.tsx';
import './portfolio.css';

function Figures() {
  const { t } = useTranslation();
  const account = useLiveAccount();
  if (!account) return null;
  const figures = (
    [
      ['marketValue', money(account.marketValue)],
      ['available', money(account.available)],
      ['frozen', money(account.frozen)],
      ['todayPnl', <Pnl key="todayPnl" value={account.todayPnl} />],
      ['totalPnl', <Pnl key="totalPnl" value={account.totalPnl} />],
      ['withdrawable', money(account.withdrawable)],
    ] as const
  ).map(([id, value]) => ({ id, label: t(`portfolio.account.${id}`), value }));
  return (
    <>
      <p className="account-summary__label">{t('portfolio.account.totalAssets')}</p>
      <p className="account-summary__total" data-testid="account-totalAssets">
        {money(account.totalAssets)}
      </p>
      <FigureGrid figures={figures} className="account-summary__grid" testIdPrefix="account" />
    </>
  );
}

/** Total assets, cash available and frozen, market value, today's and total P&L: live from the /user channel. */
export function AccountSummary() {
  const { t } = useTranslation();
  useTradingChannel();
  return (
    <section
      className="card account-summary"
      aria-label={t('portfolio.account.title')}
      data-testid="account-summary"
    >
      <SnapshotState>
        <Figures />
      </SnapshotState>
    </section>
  );
}
