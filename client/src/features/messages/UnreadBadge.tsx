import { useTranslation } from 'react-i18next';
import { useStartInOwnTask } from '../../lib/useStartInOwnTask.ts';
import { recountUnread, startInbox } from './inbox.ts';
import { useMessageStore } from './messageStore.ts';
import './messages.css';

function startCounting(): void {
  startInbox();
  recountUnread();
}

/** The unread count, live: nothing when all is read. Counted afresh whenever it is shown. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const unread = useMessageStore((s) => s.unread);
  useStartInOwnTask(startCounting);
  if (!unread) return null;
  return (
    <span
      className="unread-badge"
      role="status"
      aria-label={t('messages.unreadBadge', { count: unread })}
      data-testid="unread-badge"
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
