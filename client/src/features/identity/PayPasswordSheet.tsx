import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatDate } from '../../lib/date/formatDate.ts';
import { isApiError, messageOf } from '../../lib/http/ApiError.ts';
import { dataOf } from '../../lib/loadable.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { PinInput } from '../../shared-ui/PinInput.tsx';
import { Sheet } from '../../shared-ui/Sheet.tsx';
import { fetchPayPasswordStatus } from './identityApi.ts';
import './identity.css';

export interface PayPasswordSheetProps {
  /** What is being paid, shown above the boxes (translated), e.g. "Transfer out 1,000.00 CNY". */
  summary?: ReactNode;
  /**
   * Runs the money-out action with the entered password. Resolve when it is done (the sheet then
   * closes); reject with the request's ApiError when refused (call the API with `silent: true`:
   * the sheet shows the reason, and offers 'Go Setting' for payPassword.notSet).
   */
  onConfirm: (payPassword: string) => Promise<void>;
  onClose: () => void;
  /**
   * Where the way back from 'Go Setting' leads, instead of the page that opened the sheet: a
   * checkout whose orders are placed sends the buyer to them, so that coming back does not
   * place the same things again.
   */
  returnTo?: string;
}

/** Where the entry stands: typing, checking, or refused for a reason the user can read. */
type Entry =
  | { state: 'typing'; error?: string }
  | { state: 'checking' }
  | { state: 'locked'; message: string }
  | { state: 'notSet' };

/**
 * The payment-password sheet every money-out action opens: six digits, sent as soon as the last
 * one is typed. If no payment password is set, it offers 'Go Setting' (/payPwd) instead.
 */
export function PayPasswordSheet({ summary, onConfirm, onClose, returnTo }: PayPasswordSheetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status] = useLoad((signal) => fetchPayPasswordStatus(signal), []);
  const [pin, setPin] = useState('');
  const [entry, setEntry] = useState<Entry>({ state: 'typing' });
  const known = dataOf(status);

  const confirm = async (payPassword: string) => {
    setEntry({ state: 'checking' });
    try {
      await onConfirm(payPassword);
      onClose();
    } catch (error) {
      setPin('');
      const key = isApiError(error) ? error.key : undefined;
      if (key === 'payPassword.notSet') setEntry({ state: 'notSet' });
      else if (key === 'payPassword.locked') setEntry({ state: 'locked', message: messageOf(error) });
      else setEntry({ state: 'typing', error: messageOf(error) });
    }
  };

  const lockedUntil = known?.lockedUntil;
  const view: Entry =
    entry.state === 'typing' && known && !known.isSet
      ? { state: 'notSet' }
      : entry.state === 'typing' && lockedUntil
        ? { state: 'locked', message: t('payPassword.locked', { time: formatDate(lockedUntil, 'HH:mm') }) }
        : entry;

  let body: ReactNode;
  if (view.state === 'notSet') {
    body = (
      <div className="pay-sheet__notice" data-testid="pay-password-not-set">
        <p>{t('payPassword.sheet.notSet')}</p>
        <Link
          className="button button--primary button--block"
          to="/payPwd"
          onClick={(event) => {
            if (!returnTo) return;
            event.preventDefault();
            // One after the other: a second navigation started before a lazy screen has loaded
            // would cancel the first.
            void Promise.resolve(navigate(returnTo, { replace: true })).then(() => navigate('/payPwd'));
          }}
          data-testid="pay-password-go-setting"
        >
          {t('payPassword.sheet.goSetting')}
        </Link>
      </div>
    );
  } else if (view.state === 'locked') {
    body = (
      <p className="pay-sheet__locked" role="alert" data-testid="pay-password-locked">
        {view.message}
      </p>
    );
  } else {
    body = (
      <PinInput
        label={t('payPassword.sheet.prompt')}
        value={pin}
        onChange={setPin}
        onComplete={(digits) => void confirm(digits)}
        error={view.state === 'typing' ? view.error : undefined}
        readOnly={view.state === 'checking'}
        autoFocus
        testId="pay-password-input"
      />
    );
  }

  return (
    <Sheet title={t('payPassword.sheet.title')} onClose={onClose} testId="pay-password-sheet">
      <div className="pay-sheet">
        {summary ? <div className="pay-sheet__summary">{summary}</div> : null}
        {body}
        {view.state === 'checking' ? (
          <p className="pay-sheet__checking" role="status">
            {t('payPassword.sheet.checking')}
          </p>
        ) : null}
      </div>
    </Sheet>
  );
}
