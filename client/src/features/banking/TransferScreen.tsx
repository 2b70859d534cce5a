import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../lib/format.ts';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Cell, CellGroup } from '../../shared-ui/Cell.tsx';
import { Icon } from '../../shared-ui/Icon.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { fetchAccount } from '../trade/index.ts';
import './banking.css';

/** `/ucenter/transfer`: bank-securities transfers — the cash that can move, and the way in or out. */
export function TransferScreen() {
  const { t } = useTranslation();
  const [account] = useLoad((signal) => fetchAccount(signal), []);
  const figures = dataOf(account);
  const show = (value: string | undefined) => (value === undefined ? '--' : formatMoney(value));
  return (
    <Screen nav={{ title: t('routes.transfer') }}>
      <section className="card transfer-cash" data-testid="transfer-cash">
        <div>
          <span className="transfer-cash__label">{t('bank.transfer.available')}</span>
          <span className="transfer-cash__value">{show(figures?.available)}</span>
        </div>
        <div>
          <span className="transfer-cash__label">{t('bank.transfer.withdrawable')}</span>
          <span className="transfer-cash__value" data-testid="transfer-withdrawable">
            {show(figures?.withdrawable)}
          </span>
        </div>
      </section>
      <div className="transfer-actions">
        <Link className="transfer-action" to="/bankIn/in" data-testid="transfer-in">
          <Icon name="arrowDown" size={24} />
          <span className="transfer-action__title">{t('bank.transfer.in')}</span>
          <span className="transfer-action__hint">{t('bank.transfer.inHint')}</span>
        </Link>
        <Link className="transfer-action" to="/bankIn/out" data-testid="transfer-out">
          <Icon name="arrowUp" size={24} />
          <span className="transfer-action__title">{t('bank.transfer.out')}</span>
          <span className="transfer-action__hint">{t('bank.transfer.outHint')}</span>
        </Link>
      </div>
      <CellGroup>
        <Cell label={t('routes.fastPayment')} to="/fastpayment" testId="transfer-quick" />
        <Cell label={t('routes.bankRecord')} to="/bankRecord" testId="transfer-records" />
        <Cell label={t('routes.bankList')} to="/ucenter/bank-list" testId="transfer-cards" />
      </CellGroup>
    </Screen>
  );
}
