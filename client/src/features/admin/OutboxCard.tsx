import type { OutboxMail } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { AdminQueueCard } from './AdminQueueCard.tsx';
import { fetchOutbox } from './adminApi.ts';

function Mail({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation('admin');
  return (
    <li className="admin-review admin-mail" data-testid="admin-mail">
      <p className="admin-review__who">
        <strong>{mail.subject}</strong>
      </p>
      <p className="admin-issue__code">
        {t('outbox.to', { to: mail.to, time: formatDate(mail.createdAt, 'YYYY-MM-DD HH:mm') })}
      </p>
      <p className="admin-mail__text">{mail.text}</p>
    </li>
  );
}

/**
 * Mail the product keeps instead of sending when no SMTP server is configured (demo): back office
 * reads the newest here, e.g. to pass a password reset code on to a customer who cannot receive it.
 */
export function OutboxCard() {
  const { t } = useTranslation('admin');
  return (
    <AdminQueueCard
      name="outbox"
      title={t('outbox.title')}
      hint={t('outbox.hint')}
      load={fetchOutbox}
      itemsOf={({ items }) => items}
      empty={t('outbox.empty')}
    >
      {(mail) => <Mail key={mail.id} mail={mail} />}
    </AdminQueueCard>
  );
}
