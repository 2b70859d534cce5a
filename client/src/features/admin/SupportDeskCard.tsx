import {
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  type QueueItem,
  SUPPORT_EVENTS,
  type SupportContext,
  type SupportMessage,
  type SupportQueue,
} from '@bourse/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/index.ts';
import { formatDate } from '../../lib/date/formatDate.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { useSession } from '../session/index.ts';
import { ChatComposer, ChatLog } from '../support/index.ts';
import { fetchSupportContext, fetchSupportQueue, takeConversation } from './adminApi.ts';
import { useDeskEvents, useDeskThread } from './deskThread.ts';

const QUEUES: readonly SupportQueue[] = ['unassigned', 'mine', 'all'];
/** The open conversation's header follows who has it. */
const ASSIGNMENTS = [SUPPORT_EVENTS.deskAssigned];
/** The canned replies, each in the seven languages (admin.support.canned.<id>). */
const CANNED = ['greeting', 'checking', 'transferTime', 'verification', 'closing'] as const;

function preview(message: SupportMessage | null, pictureLabel: string): string {
  if (!message) return '';
  return message.pictureUrl ? pictureLabel : (message.text ?? '');
}

function QueueList({ items, open }: { items: QueueItem[]; open: (id: string) => void }) {
  const { t } = useTranslation('admin');
  if (items.length === 0)
    return (
      <p className="admin-card__empty" data-testid="desk-empty">
        {t('support.empty')}
      </p>
    );
  return (
    <ul className="desk-queue">
      {items.map((item) => (
        <li key={item.conversationId}>
          <button
            type="button"
            className="desk-queue__item"
            onClick={() => open(item.conversationId)}
            data-testid="desk-conversation"
          >
            <span className="desk-queue__top">
              <strong>{item.account}</strong>
              {item.unread > 0 ? (
                <span
                  className="desk-queue__unread"
                  role="status"
                  aria-label={t('support.unread', { count: item.unread })}
                >
                  {item.unread}
                </span>
              ) : null}
            </span>
            <span className="desk-queue__preview">{preview(item.lastMessage, t('support.picture'))}</span>
            <span className="desk-queue__meta">
              {item.agent ? t('support.agent', { account: item.agent.account }) : t('support.unassigned')}
              {item.lastMessage ? ` · ${formatDate(item.lastMessage.createdAt, 'MM-DD HH:mm')}` : ''}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function UserContext({ context }: { context: SupportContext }) {
  const { t } = useTranslation('admin');
  const { t: tt } = useTranslation();
  return (
    <dl className="desk-context" data-testid="desk-context">
      <dt>{t('support.verification')}</dt>
      <dd>
        {tt(`realName.status.${context.verification.status}`)}
        {context.verification.realName ? ` · ${context.verification.realName}` : ''}
      </dd>
      <dt>{t('support.recentOrders')}</dt>
      <dd>
        {context.recentOrders.length === 0
          ? t('support.none')
          : context.recentOrders.map((o) => (
              <span key={o.id} className="desk-context__row">
                {`${o.symbol} ${tt(`trade.side.${o.side}`)} ${o.quantity} · ${tt(`trade.status.${o.status}`)}`}
              </span>
            ))}
      </dd>
      <dt>{t('support.recentTransfers')}</dt>
      <dd>
        {context.recentTransfers.length === 0
          ? t('support.none')
          : context.recentTransfers.map((r) => (
              <span key={r.id} className="desk-context__row">
                {`${tt(`bank.record.filters.${r.direction}`)} ${r.amount} · ${tt(`bank.record.status.${r.status}`)}`}
              </span>
            ))}
      </dd>
    </dl>
  );
}

/** Canned replies in the language the user writes in, or another picked here. */
function CannedReplies({ locale, pick }: { locale: Locale; pick: (text: string) => void }) {
  const { t } = useTranslation('admin');
  const [language, setLanguage] = useState<Locale>(locale);
  async function choose(id: (typeof CANNED)[number]) {
    await i18n.loadLanguages(language);
    pick(i18n.getFixedT(language, 'admin')(`support.canned.${id}`));
  }
  return (
    <div className="desk-canned">
      <label className="visually-hidden" htmlFor="desk-canned-language">
        {t('support.cannedLanguage')}
      </label>
      <select
        id="desk-canned-language"
        value={language}
        onChange={(e) => setLanguage(e.target.value as Locale)}
        data-testid="desk-canned-language"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      {CANNED.map((id) => (
        <button
          key={id}
          type="button"
          className="desk-canned__reply"
          onClick={() => void choose(id)}
          data-testid={`desk-canned-${id}`}
        >
          {t(`support.cannedLabel.${id}`)}
        </button>
      ))}
    </div>
  );
}

function Conversation({ id, close, changed }: { id: string; close: () => void; changed: () => void }) {
  const { t } = useTranslation('admin');
  const me = useSession((s) => s.userInfo);
  const { thread, send } = useDeskThread(id);
  const [context, reloadContext] = useLoad((signal) => fetchSupportContext(id, signal), [id]);
  useDeskEvents(reloadContext, ASSIGNMENTS);
  const [preset, setPreset] = useState<{ text: string; key: number } | undefined>();
  async function take() {
    await takeConversation(id);
    // The taker's header follows the answer, not the deskAssigned event: the socket may be
    // reconnecting, or not yet in the desk's room, when the take goes through.
    reloadContext();
    changed();
  }
  return (
    <div className="desk-conversation" data-testid="desk-open">
      <Button variant="ghost" onClick={close} testId="desk-back">
        {t('support.back')}
      </Button>
      <LoadingOr state={context} onRetry={reloadContext}>
        {(c) => (
          <>
            <p className="desk-conversation__head">
              <strong>{c.conversation.account}</strong>{' '}
              {c.conversation.agent
                ? t('support.agent', { account: c.conversation.agent.account })
                : t('support.unassigned')}
              {c.conversation.agent?.account !== me?.account ? (
                <Button variant="ghost" onClick={() => void take()} testId="desk-take">
                  {t('support.take')}
                </Button>
              ) : null}
            </p>
            <UserContext context={c} />
            <ChatLog messages={thread.messages} mine="staff" readByOtherSeq={thread.userReadSeq} />
            <CannedReplies
              locale={c.conversation.locale}
              pick={(text) => setPreset({ text, key: Date.now() })}
            />
            <ChatComposer
              send={async (text) => {
                await send(text);
                changed();
              }}
              preset={preset}
            />
          </>
        )}
      </LoadingOr>
    </div>
  );
}

/**
 * The customer-service desk: the queue (nobody's, mine, all), live as messages come in, and
 * the conversation opened from it with its user's verification, recent orders and transfers.
 */
export function SupportDeskCard() {
  const { t } = useTranslation('admin');
  const [queue, setQueue] = useState<SupportQueue>('unassigned');
  const [open, setOpen] = useState<string | null>(null);
  const [items, reload] = useLoad((signal) => fetchSupportQueue(queue, signal), [queue]);
  const changed = useCallback(() => reload(), [reload]);
  useDeskEvents(changed);
  return (
    <section className="card admin-card" aria-labelledby="admin-support-title" data-testid="support-desk">
      <h2 className="admin-card__title" id="admin-support-title">
        {t('support.title')}
      </h2>
      {open ? (
        <Conversation id={open} close={() => setOpen(null)} changed={changed} />
      ) : (
        <>
          <Segmented
            options={QUEUES.map((value) => ({ value, label: t(`support.queues.${value}`) }))}
            value={queue}
            onChange={setQueue}
            label={t('support.title')}
            testId="desk-queue"
          />
          <LoadingOr state={items} onRetry={reload}>
            {(list) => <QueueList items={list} open={setOpen} />}
          </LoadingOr>
        </>
      )}
    </section>
  );
}
