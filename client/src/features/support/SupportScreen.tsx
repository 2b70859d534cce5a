import { SUPPORT_PICTURE_MAX_BYTES, SUPPORT_PICTURE_TYPES } from '@bourse/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/index.ts';
import { logger } from '../../lib/logger.ts';
import { Icon } from '../../shared-ui/Icon.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { ChatComposer, chatFailure } from './ChatComposer.tsx';
import { ChatLog } from './ChatLog.tsx';
import { sendSupportPicture } from './supportApi.ts';
import { supportChannel } from './supportSession.ts';
import { useSupportStore } from './supportStore.ts';

function PictureButton() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  async function pick(file: File | undefined) {
    if (!file) return;
    // The server checks again; this spares a 3 MB upload that would be refused.
    if (file.size > SUPPORT_PICTURE_MAX_BYTES) {
      toast.fail(errorText('support.pictureTooLarge'));
      return;
    }
    try {
      supportChannel().take(await sendSupportPicture(file, crypto.randomUUID()));
    } catch (error) {
      chatFailure(error, t('support.notSent'));
    }
  }
  return (
    <>
      <button
        type="button"
        className="chat-composer__picture"
        aria-label={t('support.sendPicture')}
        onClick={() => input.current?.click()}
        data-testid="chat-picture"
      >
        <Icon name="image" size={22} />
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept={SUPPORT_PICTURE_TYPES.join(',')}
        data-testid="chat-picture-input"
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );
}

/**
 * `/customerService` and `/cms/web`: the user's chat with customer service. Messages come live
 * over /user; what the user sees is marked read while the page is visible.
 */
export function SupportScreen() {
  const { t } = useTranslation();
  const messages = useSupportStore((s) => s.messages);
  const staffReadSeq = useSupportStore((s) => s.staffReadSeq);
  useEffect(() => {
    void supportChannel().load();
  }, []);
  const lastSeq = messages.at(-1)?.seq;
  useEffect(() => {
    if (lastSeq === undefined) return;
    const read = () => {
      if (document.visibilityState === 'visible')
        // Not worth a toast: the next message seen marks it read again.
        supportChannel()
          .markRead()
          .catch((error: unknown) => logger.warn('support: read mark not sent', error));
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [lastSeq]);
  return (
    <Screen nav={{ title: t('routes.customerService'), showBack: true }} padded={false}>
      <div className="chat">
        {messages.length === 0 ? (
          <p className="chat__welcome" data-testid="chat-welcome">
            {t('support.welcome')}
          </p>
        ) : null}
        <ChatLog messages={messages} mine="user" readByOtherSeq={staffReadSeq} />
        <ChatComposer send={(text) => supportChannel().send(text)} extra={<PictureButton />} />
      </div>
    </Screen>
  );
}
