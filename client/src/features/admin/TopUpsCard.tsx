import {
  type AdminTopUpView,
  formatMoney,
  TOP_UP_REFUSAL_REASONS,
  type TopUpRefusalReason,
} from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { messageOf } from '../../lib/http/ApiError.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { fetchAuditingTopUps, passTopUp, refuseTopUp } from './adminApi.ts';
import { DecisionBar } from './DecisionBar.tsx';

/** Top-ups arrive while the desk is open. */
const TOP_UPS_REFRESH_MS = 15_000;

function TopUpItem({ item, onDone }: { item: AdminTopUpView; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [arrival, setArrival] = useState(item.amount);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState<TopUpRefusalReason>('notReceived');
  const [busy, setBusy] = useState(false);

  const decide = async (outcome: 'pass' | 'refuse') => {
    setBusy(true);
    try {
      const body = { id: item.id, note: note.trim() || undefined };
      if (outcome === 'pass') {
        const done = await passTopUp({ ...body, arrivalAmount: arrival.trim() });
        toast.success(t('topUps.passed', { amount: formatMoney(done.arrivalAmount ?? arrival) }));
      } else {
        await refuseTopUp({ ...body, reason });
        toast.success(t('topUps.refused'));
      }
      onDone();
    } catch (error) {
      toast.fail(messageOf(error));
      setBusy(false);
    }
  };

  return (
    <li className="admin-review admin-topup" data-testid="admin-topup" data-account={item.account}>
      <p className="admin-review__who">
        <strong>{t('topUps.claimed', { amount: formatMoney(item.amount) })}</strong>{' '}
        <span className="admin-issue__code">{item.account}</span>
      </p>
      <p className="admin-issue__code">
        {[
          t(`topUp.methods.${item.method}`, { ns: 'translation' }),
          item.network,
          formatDate(item.createdAt, 'YYYY-MM-DD HH:mm'),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {item.txHash ? (
        <p className="admin-topup__hash" data-testid="admin-topup-hash">
          {item.txHash}
        </p>
      ) : null}
      <a href={item.evidenceUrl} target="_blank" rel="noopener" className="admin-topup__evidence">
        <img src={item.evidenceUrl} alt={t('topUps.evidence', { account: item.account })} loading="lazy" />
      </a>
      <div className="admin-topup__fields">
        <label>
          <span>{t('topUps.arrival')}</span>
          <input
            className="field__input"
            inputMode="decimal"
            value={arrival}
            onChange={(e) => setArrival(e.target.value)}
            data-testid="admin-topup-arrival"
          />
        </label>
        <label>
          <span>{t('topUps.note')}</span>
          <input
            className="field__input"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="admin-topup-note"
          />
        </label>
      </div>
      <DecisionBar
        busy={busy}
        reasons={TOP_UP_REFUSAL_REASONS}
        reason={reason}
        onReason={setReason}
        reasonText={(r) => t(`topUp.reasons.${r}`, { ns: 'translation' })}
        labels={{ pass: t('topUps.pass'), reason: t('topUps.reason'), refuse: t('topUps.refuse') }}
        onDecide={(decision) => void decide(decision)}
        testId="admin-topup"
      />
    </li>
  );
}

/**
 * Top-ups waiting for back office, oldest first, each with its evidence: pass with the amount
 * that actually arrived (and a note), or refuse with a reason. The server records who and when.
 */
export function TopUpsCard() {
  const { t } = useTranslation('admin');
  const [auditing, reload] = useLoad((signal) => fetchAuditingTopUps(signal), [], {
    refreshMs: TOP_UPS_REFRESH_MS,
  });
  return (
    <section className="card admin-card" aria-labelledby="admin-topups-title">
      <h2 className="admin-card__title" id="admin-topups-title">
        {t('topUps.title')}
      </h2>
      <LoadingOr state={auditing} onRetry={reload}>
        {(page) =>
          page.items.length === 0 ? (
            <p className="admin-card__empty" data-testid="admin-topups-empty">
              {t('topUps.empty')}
            </p>
          ) : (
            <ul className="admin-reviews">
              {page.items.map((item) => (
                <TopUpItem key={item.id} item={item} onDone={reload} />
              ))}
            </ul>
          )
        }
      </LoadingOr>
    </section>
  );
}
