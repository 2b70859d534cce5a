import {
  type AdminWithdrawalView,
  WITHDRAWAL_AUDIT_REFUSALS,
  type WithdrawalAuditRefusal,
} from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { formatMoney } from '../../lib/format.ts';
import { useItemAction } from '../../shared-ui/useItemAction.ts';
import { AdminQueueCard } from './AdminQueueCard.tsx';
import { fetchAuditingWithdrawals, passWithdrawal, refuseWithdrawal } from './adminApi.ts';
import { DecisionBar } from './DecisionBar.tsx';

function WithdrawalItem({ item, onDone }: { item: AdminWithdrawalView; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState<WithdrawalAuditRefusal>('cardProblem');
  const [busy, run] = useItemAction(onDone);

  const decide = (outcome: 'pass' | 'refuse') =>
    run(async () => {
      const body = { id: item.id, note: note.trim() || undefined };
      if (outcome === 'refuse') {
        await refuseWithdrawal({ ...body, reason });
        return t('withdrawals.refused');
      }
      await passWithdrawal(body);
      return t('withdrawals.passed', { amount: formatMoney(item.amount) });
    });

  return (
    <li className="admin-review admin-topup" data-testid="admin-withdrawal" data-account={item.account}>
      <p className="admin-review__who">
        <strong>
          {t('withdrawals.amount', {
            amount: formatMoney(item.amount),
            charge: formatMoney(item.serviceCharge),
          })}
        </strong>{' '}
        <span className="admin-issue__code">{item.account}</span>
      </p>
      <p className="admin-issue__code">
        {[
          t(`bank.names.${item.bank}`, { ns: 'translation' }),
          item.cardMasked,
          item.holderName,
          formatDate(item.createdAt, 'YYYY-MM-DD HH:mm'),
        ].join(' · ')}
      </p>
      <div className="admin-topup__fields">
        <label>
          <span>{t('withdrawals.note')}</span>
          <input
            className="field__input"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="admin-withdrawal-note"
          />
        </label>
      </div>
      <DecisionBar
        busy={busy}
        reasons={WITHDRAWAL_AUDIT_REFUSALS}
        reason={reason}
        onReason={setReason}
        reasonText={(r) => t(`withdrawal.reasons.${r}`, { ns: 'translation' })}
        labels={{
          pass: t('withdrawals.pass'),
          reason: t('withdrawals.reason'),
          refuse: t('withdrawals.refuse'),
        }}
        onDecide={decide}
        testId="admin-withdrawal"
      />
    </li>
  );
}

/**
 * Withdrawals waiting for back office, oldest first, each with the card it goes to: pass (the
 * bank pays the frozen amount out and the charge is kept, or declines it and both are
 * released) or refuse with a reason (both released). The server records who and when.
 */
export function WithdrawalsCard() {
  const { t } = useTranslation('admin');
  return (
    <AdminQueueCard
      name="withdrawals"
      title={t('withdrawals.title')}
      load={fetchAuditingWithdrawals}
      itemsOf={({ items }) => items}
      empty={t('withdrawals.empty')}
    >
      {(item, reload) => <WithdrawalItem key={item.id} item={item} onDone={reload} />}
    </AdminQueueCard>
  );
}
