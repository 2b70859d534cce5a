import {
  type AdminComplaintView,
  type COMPLAINT_REPLY_STATUSES,
  MAX_COMPLAINT_REPLY_LENGTH,
} from '@bourse/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/date/formatDate.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { TextAreaField } from '../../shared-ui/TextAreaField.tsx';
import { useItemAction } from '../../shared-ui/useItemAction.ts';
import { AdminQueueCard } from './AdminQueueCard.tsx';
import { fetchComplaints, replyToComplaint } from './adminApi.ts';

const stamp = (iso: string) => formatDate(iso, 'YYYY-MM-DD HH:mm');

/** A reply box while the complaint is not closed: reply (answered) or reply and close. */
function ReplyForm({ item, onDone }: { item: AdminComplaintView; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [reply, setReply] = useState('');
  const [busy, run] = useItemAction(onDone);
  const send = (status: (typeof COMPLAINT_REPLY_STATUSES)[number]) =>
    run(async () => {
      await replyToComplaint({ id: item.id, reply: reply.trim(), status });
      return t('complaints.sent');
    });
  const empty = reply.trim() === '';
  return (
    <div className="admin-complaint__reply">
      <TextAreaField
        label={t('complaints.reply')}
        className="admin-complaint__text"
        rows={3}
        maxLength={MAX_COMPLAINT_REPLY_LENGTH}
        value={reply}
        onChange={setReply}
        data-testid="admin-complaint-reply"
      />
      <div className="admin-review__actions">
        <Button disabled={busy || empty} onClick={() => send('answered')} testId="admin-complaint-answer">
          {t('complaints.answer')}
        </Button>
        <Button
          variant="ghost"
          disabled={busy || empty}
          onClick={() => send('closed')}
          testId="admin-complaint-close"
        >
          {t('complaints.close')}
        </Button>
      </div>
    </div>
  );
}

function Complaint({ item, onDone }: { item: AdminComplaintView; onDone: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <li className="admin-review" data-testid="admin-complaint" data-status={item.status}>
      <p className="admin-review__who">
        <strong>
          {item.kind === 'order'
            ? t('complaints.aboutOrder', { order: item.orderId ?? '' })
            : t('complaints.aboutPlatform')}
        </strong>
      </p>
      <p className="admin-issue__code">
        {t('complaints.from', {
          account: item.account,
          time: stamp(item.createdAt),
          status: t(`complaints.status.${item.status}`),
        })}
      </p>
      <p className="admin-mail__text">{item.content}</p>
      {item.reply && item.repliedAt ? (
        <div className="admin-complaint__answer" data-testid="admin-complaint-answered">
          <p className="admin-issue__code">
            {t('complaints.repliedBy', { account: item.repliedBy ?? '', time: stamp(item.repliedAt) })}
          </p>
          <p className="admin-mail__text">{item.reply}</p>
        </div>
      ) : null}
      {item.status === 'closed' ? null : <ReplyForm item={item} onDone={onDone} />}
    </li>
  );
}

/**
 * Complaints and suggestions, newest first: back office replies (the author gets a message) and
 * leaves it answered or closes it; the server records who replied and when.
 */
export function ComplaintsCard() {
  const { t } = useTranslation('admin');
  return (
    <AdminQueueCard
      name="complaints"
      title={t('complaints.title')}
      load={fetchComplaints}
      itemsOf={({ items }) => items}
      empty={t('complaints.empty')}
    >
      {/* Keyed by the last reply too: a new reply remounts the entry with an empty box. */}
      {(item, reload) => <Complaint key={`${item.id}:${item.repliedAt ?? ''}`} item={item} onDone={reload} />}
    </AdminQueueCard>
  );
}
