import type { SupportMessage } from '@bourse/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/index.ts';
import { formatDate } from '../../lib/date/formatDate.ts';
import './support.css';

export interface ChatLogProps {
  messages: readonly SupportMessage[];
  /** Whose messages sit on the right: the reader's own side. */
  mine: SupportMessage['author'];
  /** The other side's read mark: own messages up to it show "Read". */
  readByOtherSeq: number;
}

/**
 * A conversation's messages in order, own ones on the right with their receipt, pictures as
 * thumbnails that open the full picture. It keeps the newest in view as messages arrive.
 */
export function ChatLog({ messages, mine, readByOtherSeq }: ChatLogProps) {
  const { t } = useTranslation();
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.seq;
  useEffect(() => {
    if (last !== undefined) end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);
  const lastOwn = messages.findLast((m) => m.author === mine)?.seq;
  return (
    <ol className="chat-log" aria-label={t('support.log')} data-testid="chat-log">
      {messages.map((m) => {
        const own = m.author === mine;
        return (
          <li
            key={m.seq}
            className={`chat-message chat-message--${own ? 'own' : 'theirs'}`}
            data-testid="chat-message"
            data-seq={m.seq}
          >
            <span className="visually-hidden">
              {t(m.author === 'staff' ? 'support.fromStaff' : 'support.fromUser')}
            </span>
            {m.pictureUrl ? (
              <a href={m.pictureUrl} target="_blank" rel="noopener" className="chat-message__picture">
                <img src={m.pictureUrl} alt={t('support.picture')} loading="lazy" />
              </a>
            ) : (
              <p className="chat-message__text">{m.text}</p>
            )}
            <span className="chat-message__meta">
              {formatDate(m.createdAt, 'HH:mm', currentLocale())}
              {own && m.seq === lastOwn ? (
                <span data-testid="chat-receipt">
                  {' · '}
                  {t(m.seq <= readByOtherSeq ? 'support.read' : 'support.sent')}
                </span>
              ) : null}
            </span>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" className="chat-log__end" />
    </ol>
  );
}
