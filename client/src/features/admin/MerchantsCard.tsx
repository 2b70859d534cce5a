import {
  type AdminMerchantApplicationView,
  MERCHANT_REFUSAL_REASONS,
  type MerchantRefusalReason,
} from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { PictureLink } from '../../shared-ui/PictureLink.tsx';
import { useItemAction } from '../../shared-ui/useItemAction.ts';
import { AdminQueueCard } from './AdminQueueCard.tsx';
import { approveMerchant, fetchAuditingMerchants, fetchCategories, refuseMerchant } from './adminApi.ts';
import { DecisionBar } from './DecisionBar.tsx';

function MerchantItem({
  item,
  categoryName,
  onDone,
}: {
  item: AdminMerchantApplicationView;
  categoryName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState<MerchantRefusalReason>('licenceUnclear');
  const [busy, run] = useItemAction(onDone);

  const decide = (outcome: 'pass' | 'refuse') =>
    run(async () => {
      if (outcome === 'refuse') {
        await refuseMerchant({ id: item.id, reason, note: note.trim() || undefined });
        return t('merchants.refused');
      }
      await approveMerchant(item.id);
      return t('merchants.approved', { shop: item.shopName });
    });

  return (
    <li className="admin-review admin-topup" data-testid="admin-merchant" data-account={item.account}>
      <p className="admin-review__who">
        <strong>{item.shopName}</strong> <span className="admin-issue__code">{item.account}</span>
      </p>
      <p className="admin-issue__code">
        {[categoryName, item.contact, formatDate(item.createdAt, 'YYYY-MM-DD HH:mm')].join(' · ')}
      </p>
      <PictureLink url={item.licenceUrl} alt={t('merchants.licence', { shop: item.shopName })} />
      <div className="admin-topup__fields">
        <label>
          <span>{t('topUps.note')}</span>
          <input
            className="field__input"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            data-testid="admin-merchant-note"
          />
        </label>
      </div>
      <DecisionBar
        busy={busy}
        reasons={MERCHANT_REFUSAL_REASONS}
        reason={reason}
        onReason={setReason}
        reasonText={(r) => t(`merchant.reasons.${r}`, { ns: 'translation' })}
        labels={{ pass: t('merchants.approve'), reason: t('topUps.reason'), refuse: t('merchants.refuse') }}
        onDecide={decide}
        testId="admin-merchant"
      />
    </li>
  );
}

/**
 * Merchant applications waiting for back office, oldest first, each with its licence image:
 * approve (the shop opens, owned by the applicant) or refuse with a reason. The server records
 * who and when.
 */
export function MerchantsCard() {
  const { t } = useTranslation('admin');
  const [categories] = useLoad((signal) => fetchCategories(signal), []);
  const nameOf = (key: string) =>
    (categories.status === 'success' ? categories.data.items.find((c) => c.key === key)?.name : undefined) ??
    key;
  return (
    <AdminQueueCard
      name="merchants"
      title={t('merchants.title')}
      load={fetchAuditingMerchants}
      itemsOf={({ items }) => items}
      empty={t('merchants.empty')}
    >
      {(item, reload) => (
        <MerchantItem key={item.id} item={item} categoryName={nameOf(item.category)} onDone={reload} />
      )}
    </AdminQueueCard>
  );
}
