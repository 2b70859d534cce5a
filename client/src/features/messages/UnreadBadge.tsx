import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { recountUnread, startInbox } from './inbox.ts';
import { useMessageStore } from './messageStore.ts';
import './messages.css';

/** The unread count, live: nothing when all is read. Counted afresh whenever it is shown. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const unread = useMessageStore((s) => s.unread);
  useEffect(() => {
    startInbox();
    recountUnread();
  }, []);
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
