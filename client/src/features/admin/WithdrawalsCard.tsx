import {
  type AdminWithdrawalView,
  formatMoney,
  WITHDRAWAL_REFUSAL_REASONS,
  type WithdrawalRefusalReason,
} from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { messageOf } from '../../lib/http/ApiError.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { fetchAuditingWithdrawals, passWithdrawal, refuseWithdrawal } from './adminApi.ts';
import { DecisionBar } from './DecisionBar.tsx';

/** Withdrawals arrive while the desk is open. */
const WITHDRAWALS_REFRESH_MS = 15_000;

function WithdrawalItem({ item, onDone }: { item: AdminWithdrawalView; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState<WithdrawalRefusalReason>('cardProblem');
  const [busy, setBusy] = useState(false);

  const decide = async (outcome: 'pass' | 'refuse') => {
    setBusy(true);
    try {
      const body = { id: item.id, note: note.trim() || undefined };
      if (outcome === 'pass') {
        await passWithdrawal(body);
        toast.success(t('withdrawals.passed', { amount: formatMoney(item.amount) }));
      } else {
        await refuseWithdrawal({ ...body, reason });
        toast.success(t('withdrawals.refused'));
      }
      onDone();
    } catch (error) {
      toast.fail(messageOf(error));
      setBusy(false);
    }
  };

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
        reasons={WITHDRAWAL_REFUSAL_REASONS}
        reason={reason}
        onReason={setReason}
        reasonText={(r) => t(`withdrawal.reasons.${r}`, { ns: 'translation' })}
        labels={{
          pass: t('withdrawals.pass'),
          reason: t('withdrawals.reason'),
          refuse: t('withdrawals.refuse'),
        }}
        onDecide={(decision) => void decide(decision)}
        testId="admin-withdrawal"
      />
    </li>
  );
}

/**
 * Withdrawals waiting for back office, oldest first, each with the card it goes to: pass (the
 * frozen amount is paid out, the charge kept) or refuse with a reason (both released). The
 * server records who and when.
 */
export function WithdrawalsCard() {
  const { t } = useTranslation('admin');
  const [auditing, reload] = useLoad((signal) => fetchAuditingWithdrawals(signal), [], {
    refreshMs: WITHDRAWALS_REFRESH_MS,
  });
  return (
    <section className="card admin-card" aria-labelledby="admin-withdrawals-title">
      <h2 className="admin-card__title" id="admin-withdrawals-title">
        {t('withdrawals.title')}
      </h2>
      <LoadingOr state={auditing} onRetry={reload}>
        {(page) =>
          page.items.length === 0 ? (
            <p className="admin-card__empty" data-testid="admin-withdrawals-empty">
              {t('withdrawals.empty')}
            </p>
          ) : (
            <ul className="admin-reviews">
              {page.items.map((item) => (
                <WithdrawalItem key={item.id} item={item} onDone={reload} />
              ))}
            </ul>
          )
        }
      </LoadingOr>
    </section>
  );
}
