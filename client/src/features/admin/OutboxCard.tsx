import type { OutboxMail } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { fetchOutbox } from './adminApi.ts';

/** A reset code is mailed at any time; the desk looks again this often. */
const OUTBOX_REFRESH_MS = 15_000;

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
  const [outbox, reload] = useLoad((signal) => fetchOutbox(signal), [], { refreshMs: OUTBOX_REFRESH_MS });
  return (
    <section className="card admin-card" aria-labelledby="admin-outbox-title">
      <h2 className="admin-card__title" id="admin-outbox-title">
        {t('outbox.title')}
      </h2>
      <p className="form__hint">{t('outbox.hint')}</p>
      <LoadingOr state={outbox} onRetry={reload}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="admin-card__empty" data-testid="admin-outbox-empty">
              {t('outbox.empty')}
            </p>
          ) : (
            <ul className="admin-reviews">
              {items.map((mail) => (
                <Mail key={mail.id} mail={mail} />
              ))}
            </ul>
          )
        }
      </LoadingOr>
    </section>
  );
}
