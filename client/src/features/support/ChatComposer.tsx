import { MAX_SUPPORT_TEXT } from '@bourse/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { ChatRefusal } from './chatRequests.ts';

export interface ChatComposerProps {
  send(text: string): Promise<unknown>;
  /** Beside the send button: the picture button, the canned replies. */
  extra?: ReactNode;
  /** Text put into the box from outside (a canned reply), with a key that changes per pick. */
  preset?: { text: string; key: number };
}

/** Says why a send failed: the server's refusal as it worded it, else that it did not go. */
export function chatFailure(error: unknown, fallback: string): void {
  toast.fail(error instanceof ChatRefusal || error instanceof Error ? error.message || fallback : fallback);
}

/** The message box: at most MAX_SUPPORT_TEXT characters, nothing sent when empty; Enter sends. */
export function ChatComposer({ send, extra, preset }: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [presetKey, setPresetKey] = useState<number | undefined>();
  if (preset && preset.key !== presetKey) {
    setPresetKey(preset.key);
    setText(preset.text);
  }
  const blank = text.trim() === '';
  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blank || sending) return;
    setSending(true);
    const sent = text;
    try {
      await send(sent);
      // What was typed while it went stays in the box.
      setText((current) => (current === sent ? '' : current));
    } catch (error) {
      chatFailure(error, t('support.notSent'));
    } finally {
      setSending(false);
    }
  }
  return (
    <form className="chat-composer" onSubmit={submit}>
      {extra}
      <label className="visually-hidden" htmlFor="chat-text">
        {t('support.placeholder')}
      </label>
      <textarea
        id="chat-text"
        className="chat-composer__text"
        rows={1}
        value={text}
        maxLength={MAX_SUPPORT_TEXT}
        placeholder={t('support.placeholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
        data-testid="chat-input"
      />
      <button
        type="submit"
        className="button button--primary chat-composer__send"
        disabled={blank || sending}
        data-testid="chat-send"
      >
        {t('support.send')}
      </button>
    </form>
  );
}
