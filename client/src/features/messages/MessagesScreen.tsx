import { type MessageView, messageParamsSchemas } from '@bourse/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../lib/date/formatDate.ts';
import { messageOf } from '../../lib/http/ApiError.ts';
import { usePagedList } from '../../lib/usePagedList.ts';
import { Icon } from '../../shared-ui/Icon.tsx';
import { PullRefreshList } from '../../shared-ui/PullRefreshList.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { startInbox } from './inbox.ts';
import { useMessageStore } from './messageStore.ts';
import { fetchMessages, markAllMessagesRead, markMessageRead, PAGE_SIZE } from './messagesApi.ts';
import { messageText } from './messageText.ts';
import './messages.css';

/** Pushed messages first, then the loaded pages, each message once. */
function merge(arrived: readonly MessageView[], loaded: readonly MessageView[]): MessageView[] {
  const seen = new Set<string>();
  return [...arrived, ...loaded].filter((m) => !seen.has(m.id) && seen.add(m.id));
}

/**
 * Bank transfers, identity checks, parcels, top-ups and withdrawals happen in the real world: their messages keep real
 * time and say so; every other message tells of the market and shows market time.
 */
const REAL_WORLD_KINDS: ReadonlySet<MessageView['kind']> = new Set([
  'transferResult',
  'verificationResult',
  'shipmentEvent',
  'topUpResult',
  'withdrawalResult',
  'refundUpdate',
  'merchantResult',
  'complaintReply',
  'reviewReply',
]);

/** Where opening a message leads, if anywhere: expired orders open the orders list, a parcel's message opens its logistics page, a top-up's the recharge page, a withdrawal's the withdraw page, a merchant application's the merchant page, a complaint's reply the complaints page, a reply to a review the shopper's reviews, a refund's its own page. */
function pageOf(message: MessageView): string | undefined {
  if (message.kind === 'ordersExpired') return '/transaction';
  if (message.kind === 'topUpResult') return '/store/recharge';
  if (message.kind === 'withdrawalResult') return '/store/withdraw';
  if (message.kind === 'merchantResult') return '/store/merchant';
  if (message.kind === 'complaintReply') return '/store/complaint';
  if (message.kind === 'reviewReply') return '/store/reviews';
  if (message.kind === 'refundUpdate') {
    const p = messageParamsSchemas.refundUpdate.safeParse(message.params);
    return p.success ? `/store/refunds/${p.data.refundId}` : undefined;
  }
  if (message.kind !== 'shipmentEvent') return undefined;
  const p = messageParamsSchemas.shipmentEvent.safeParse(message.params);
  return p.success ? `/store/logistics/${p.data.trackingNo}` : undefined;
}

function MessageItem({ message, onOpen }: { message: MessageView; onOpen: (message: MessageView) => void }) {
  const { t } = useTranslation();
  const { title, body } = messageText(t, message);
  return (
    <li>
      <button
        type="button"
        className={`message${message.read ? '' : ' message--unread'}`}
        onClick={() => onOpen(message)}
        data-testid="message"
        data-read={message.read}
      >
        <span className="message__head">
          {message.read ? null : (
            <span className="message__dot" role="img" aria-label={t('messages.unread')} />
          )}
          <span className="message__title">{title}</span>
          <span className="message__time" data-testid="message-time">
            {REAL_WORLD_KINDS.has(message.kind)
              ? t('market.clock.realTime', { time: formatDate(message.createdAt, 'YYYY-MM-DD HH:mm') })
              : formatDate(message.marketAt, 'YYYY-MM-DD HH:mm')}
          </span>
        </span>
        <span className="message__body">{body}</span>
      </button>
    </li>
  );
}

/** `/messages`: notices from every job, newest first, worded in the reader's language; opening one reads it. */
export function MessagesScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const arrived = useMessageStore((s) => s.arrived);
  const setUnread = useMessageStore((s) => s.setUnread);
  // Read here since the pages loaded; the server knows too.
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set());
  useEffect(startInbox, []);

  const list = usePagedList<MessageView, number>(async (page = 1, signal) => {
    const answer = await fetchMessages(page, signal);
    return { items: answer.items, next: page * PAGE_SIZE < answer.total ? page + 1 : null };
  });
  const messages = merge(arrived, list.items).map((m) => (readHere.has(m.id) ? { ...m, read: true } : m));

  const open = (message: MessageView) => {
    const page = pageOf(message);
    if (page) navigate(page);
    if (message.read) return;
    setReadHere((ids) => new Set(ids).add(message.id));
    markMessageRead(message.id).then(
      ({ unread }) => setUnread(unread),
      () => setReadHere((ids) => new Set([...ids].filter((id) => id !== message.id))),
    );
  };

  const readAll = () => {
    const shown = messages.map((m) => m.id);
    markAllMessagesRead().then(
      ({ unread }) => {
        setUnread(unread);
        setReadHere((ids) => new Set([...ids, ...shown]));
      },
      (error: unknown) => toast.fail(messageOf(error)),
    );
  };

  const anyUnread = messages.some((m) => !m.read);
  return (
    <Screen
      nav={{
        title: t('routes.messages'),
        right: anyUnread ? <Icon name="check" /> : undefined,
        onRightClick: anyUnread ? readAll : undefined,
        rightLabel: t('messages.markAllRead'),
      }}
      padded={false}
    >
      <div className="messages-screen">
        <PullRefreshList onLoad={list.loadMore} onRefresh={list.refresh} finished={list.finished}>
          {list.finished && messages.length === 0 ? (
            <p className="load-state" data-testid="messages-empty">
              {t('messages.empty')}
            </p>
          ) : (
            <ul className="messages" data-testid="messages">
              {messages.map((message) => (
                <MessageItem key={message.id} message={message} onOpen={open} />
              ))}
            </ul>
          )}
        </PullRefreshList>
      </div>
    </Screen>
  );
}
