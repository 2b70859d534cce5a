import {
  type AdminRefundView,
  MAX_ESCALATION_TEXT,
  REFUND_REFUSAL_REASONS,
  type RefundRefusalReason,
} from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { formatMoney } from '../../lib/format.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { PictureLink } from '../../shared-ui/PictureLink.tsx';
import { useItemAction } from '../../shared-ui/useItemAction.ts';
import { AdminQueueCard } from './AdminQueueCard.tsx';
import {
  approveEscalation,
  approveRefund,
  confirmRefundReturn,
  fetchEscalatedRefunds,
  fetchRefundsIn,
  refuseRefund,
  upholdRefusal,
} from './adminApi.ts';
import { DecisionBar } from './DecisionBar.tsx';

/** Who asked, for what, why, and the proof. */
function RefundFacts({ item }: { item: AdminRefundView }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <p className="admin-review__who">
        <strong>
          {t('refunds.asked', { amount: formatMoney(item.amount), total: formatMoney(item.orderTotal) })}
        </strong>{' '}
        <span className="admin-issue__code">{item.account}</span>
      </p>
      <p className="admin-issue__code">
        {[
          item.orderNumber,
          t(`refund.type.${item.type}`, { ns: 'translation' }),
          t(`refund.reason.${item.reason}`, { ns: 'translation' }),
          formatDate(item.createdAt, 'YYYY-MM-DD HH:mm'),
        ].join(' · ')}
      </p>
      <p>{item.explanation}</p>
      <PictureLink url={item.proofUrl} alt={t('refunds.proof', { account: item.account })} />
    </>
  );
}

function RequestedItem({ item, onDone }: { item: AdminRefundView; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState<RefundRefusalReason>('noEvidence');
  const [busy, run] = useItemAction(onDone);
  const decide = (outcome: 'pass' | 'refuse') =>
    run(async () => {
      if (outcome === 'refuse') {
        await refuseRefund({ id: item.id, reason, note: note.trim() || undefined });
        return t('refunds.refused');
      }
      await approveRefund(item.id);
      return t('refunds.approved');
    });
  return (
    <li className="admin-review admin-topup" data-testid="admin-refund" data-account={item.account}>
      <RefundFacts item={item} />
      {item.answerBy ? (
        <p className="form__hint">
          {t('refunds.autoApproves', { time: formatDate(item.answerBy, 'YYYY-MM-DD HH:mm') })}
        </p>
      ) : null}
      <div className="admin-topup__fields">
        <label>
          <span>{t('refunds.note')}</span>
          <input
            className="field__input"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="admin-refund-note"
          />
        </label>
      </div>
      <DecisionBar
        busy={busy}
        reasons={REFUND_REFUSAL_REASONS}
        reason={reason}
        onReason={setReason}
        reasonText={(r) => t(`refund.refusal.${r}`, { ns: 'translation' })}
        labels={{ pass: t('refunds.approve'), reason: t('refunds.reason'), refuse: t('refunds.refuse') }}
        onDecide={decide}
        testId="admin-refund"
      />
    </li>
  );
}

function ReturningItem({ item, onDone }: { item: AdminRefundView; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [busy, run] = useItemAction(onDone);
  return (
    <li className="admin-review admin-topup" data-testid="admin-return" data-account={item.account}>
      <RefundFacts item={item} />
      <p className="admin-issue__code">{`${item.returnCarrier ?? ''} ${item.returnTrackingNo ?? ''}`}</p>
      <div className="admin-review__actions">
        <Button
          disabled={busy}
          onClick={() =>
            run(async () => {
              await confirmRefundReturn(item.id);
              return t('refunds.confirmed', { amount: formatMoney(item.amount) });
            })
          }
          testId="admin-return-confirm"
        >
          {t('refunds.confirmReturn')}
        </Button>
      </div>
    </li>
  );
}

/** A refusal the shopper took to the platform: the shop's reason, the shopper's, and the ruling's two buttons. */
function EscalatedItem({ item, onDone }: { item: AdminRefundView; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [note, setNote] = useState('');
  const [busy, run] = useItemAction(onDone);
  const refusal = [
    item.refusalReason ? t(`refund.refusal.${item.refusalReason}`, { ns: 'translation' }) : '',
    item.refusalNote ?? '',
  ]
    .filter(Boolean)
    .join(' — ');
  return (
    <li className="admin-review admin-topup" data-testid="admin-escalation" data-account={item.account}>
      <RefundFacts item={item} />
      <p className="admin-escalation__line">{t('refunds.escalated.shopRefused', { reason: refusal })}</p>
      <p className="admin-escalation__line admin-escalation__line--shopper">
        {t('refunds.escalated.shopperSays', { reason: item.escalation?.reason ?? '' })}
      </p>
      <div className="admin-topup__fields">
        <label>
          <span>{t('refunds.escalated.note')}</span>
          <input
            className="field__input"
            maxLength={MAX_ESCALATION_TEXT}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="admin-escalation-note"
          />
        </label>
      </div>
      <div className="admin-review__actions">
        <Button
          disabled={busy}
          onClick={() =>
            run(async () => {
              await approveEscalation(item.id);
              return t('refunds.escalated.approved', { amount: formatMoney(item.amount) });
            })
          }
          testId="admin-escalation-approve"
        >
          {t('refunds.escalated.approve')}
        </Button>
        <Button
          variant="danger"
          disabled={busy || note.trim() === ''}
          onClick={() =>
            run(async () => {
              await upholdRefusal({ id: item.id, note: note.trim() });
              return t('refunds.escalated.upheld');
            })
          }
          testId="admin-escalation-uphold"
        >
          {t('refunds.escalated.uphold')}
        </Button>
      </div>
    </li>
  );
}

/**
 * Refunds, answered for the shop until the seller console exists: requests to approve or refuse
 * (no answer in time approves them), then returns on their way back to confirm as arrived,
 * which executes the refund; and refusals the shopper escalated, for the platform to rule on.
 * The server records who and when.
 */
export function RefundsCard() {
  const { t } = useTranslation('admin');
  return (
    <>
      <AdminQueueCard
        name="refunds"
        title={t('refunds.title')}
        hint={t('refunds.hint')}
        load={(signal) => fetchRefundsIn('requested', signal)}
        itemsOf={({ items }) => items}
        empty={t('refunds.empty')}
      >
        {(item, reload) => <RequestedItem key={item.id} item={item} onDone={reload} />}
      </AdminQueueCard>
      <AdminQueueCard
        name="returns"
        title={t('refunds.returnsTitle')}
        load={(signal) => fetchRefundsIn('returning', signal)}
        itemsOf={({ items }) => items}
        empty={t('refunds.returnsEmpty')}
      >
        {(item, reload) => <ReturningItem key={item.id} item={item} onDone={reload} />}
      </AdminQueueCard>
      <AdminQueueCard
        name="escalations"
        title={t('refunds.escalated.title')}
        hint={t('refunds.escalated.hint')}
        load={fetchEscalatedRefunds}
        itemsOf={({ items }) => items}
        empty={t('refunds.escalated.empty')}
      >
        {(item, reload) => <EscalatedItem key={item.id} item={item} onDone={reload} />}
      </AdminQueueCard>
    </>
  );
}
