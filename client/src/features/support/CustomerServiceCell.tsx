import { useTranslation } from 'react-i18next';
import { useStartInOwnTask } from '../../lib/useStartInOwnTask.ts';
import { Cell } from '../../shared-ui/Cell.tsx';
import { Icon } from '../../shared-ui/Icon.tsx';
import { useSession } from '../session/index.ts';
import { supportChannel } from './supportSession.ts';
import { selectUnread, useSupportStore } from './supportStore.ts';

/** Only a web address is followed: kf_url is configuration, and a `javascript:` one must not run. */
const externalService = (kfUrl: string | null): string | undefined =>
  kfUrl && /^https?:\/\//i.test(kfUrl) ? kfUrl : undefined;

function SupportBadge() {
  const { t } = useTranslation();
  const unread = useSupportStore(selectUnread);
  useStartInOwnTask(supportChannel);
  if (!unread) return null;
  return (
    <span
      className="unread-badge"
      role="status"
      aria-label={t('support.unreadBadge', { count: unread })}
      data-testid="support-badge"
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}

/**
 * Me's customer-service row: the in-app chat with its unread badge, or, when the config's
 * kf_url names an external service, a link there instead (the spec's customer-service URL).
 */
export function CustomerServiceCell() {
  const { t } = useTranslation();
  const external = externalService(useSession((s) => s.kfUrl));
  if (external)
    return (
      <a
        className="cell cell--link"
        href={external}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="my-link-customerService"
      >
        <span className="cell__label">{t('routes.customerService')}</span>
        <Icon name="chevron" size={18} />
      </a>
    );
  return (
    <Cell
      label={t('routes.customerService')}
      to="/customerService"
      value={<SupportBadge />}
      testId="my-link-customerService"
    />
  );
}
