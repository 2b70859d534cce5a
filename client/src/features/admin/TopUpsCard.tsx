import { type AdminTopUpView, TOP_UP_REFUSAL_REASONS, type TopUpRefusalReason } from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { formatMoney } from '../../lib/format.ts';
import { PictureLink } from '../../shared-ui/PictureLink.tsx';
import { useItemAction } from '../../shared-ui/useItemAction.ts';
import { AdminQueueCard } from './AdminQueueCard.tsx';
import { fetchAuditingTopUps, passTopUp, refuseTopUp } from './adminApi.ts';
import { DecisionBar } from './DecisionBar.tsx';

function TopUpItem({ item, onDone }: { item: AdminTopUpView; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [arrival, setArrival] = useState(item.amount);
  const [note, setNote] = useState('');
  const [reason, setReason] = useState<TopUpRefusalReason>('notReceived');
  const [busy, run] = useItemAction(onDone);

  const decide = (outcome: 'pass' | 'refuse') =>
    run(async () => {
      const body = { id: item.id, note: note.trim() || undefined };
      if (outcome === 'refuse') {
        await refuseTopUp({ ...body, reason });
        return t('topUps.refused');
      }
      const done = await passTopUp({ ...body, arrivalAmount: arrival.trim() });
      return t('topUps.passed', { amount: formatMoney(done.arrivalAmount ?? arrival) });
    });

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
      <PictureLink url={item.evidenceUrl} alt={t('topUps.evidence', { account: item.account })} />
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
        onDecide={decide}
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
  return (
    <AdminQueueCard
      name="topups"
      title={t('topUps.title')}
      load={fetchAuditingTopUps}
      itemsOf={({ items }) => items}
      empty={t('topUps.empty')}
    >
      {(item, reload) => <TopUpItem key={item.id} item={item} onDone={reload} />}
    </AdminQueueCard>
  );
}
