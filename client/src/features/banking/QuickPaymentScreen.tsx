import {
  type BankCardView,
  MAX_TRANSFER_AMOUNT,
  type TransferRequest,
  type TransferView,
} from '@bourse/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { signedMoney } from '../../lib/accountFormat.ts';
import { formatMoney } from '../../lib/format.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { fetchAuthenticationDetail, PayPasswordSheet } from '../identity/index.ts';
import { startInbox, useMessageStore } from '../messages/index.ts';
import { fetchCards, fetchTransfers, requestTransfer } from './bankingApi.ts';
import { NoticeCard } from './NoticeCard.tsx';
import { QUICK_AMOUNTS, type QuickPaymentGate, quickPaymentGate } from './quickPayment.ts';
import { AUDITING_REFRESH_MS } from './TransferRecordsScreen.tsx';
import { type TransferField, validateTransfer } from './transferForm.ts';
import { useBankName } from './useBankName.ts';
import { useIdempotencyKey } from './useIdempotencyKey.ts';
import './banking.css';

type Request = Omit<TransferRequest, 'payPassword'>;

/** The amount with a preset per tap, and the payment password before the transfer in is filed. */
function QuickPaymentForm({ card, onFiled }: { card: BankCardView; onFiled: (filed: TransferView) => void }) {
  const { t } = useTranslation();
  const bankName = useBankName();
  const keyFor = useIdempotencyKey();
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors<TransferField>>({});
  const [confirming, setConfirming] = useState<Request>();
  const cardLabel = t('bank.card.label', { bank: bankName(card.bank), tail: card.cardTail });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const validation = validateTransfer(
      { cardId: card.id, amount },
      'in',
      undefined,
      t('bank.transfer.card'),
    );
    setErrors(validation.ok ? {} : validation.errors);
    if (validation.ok) setConfirming(validation.body);
  };

  // The same key for the same request: a retry after a wrong password or a timeout files it once.
  const pay = async (request: Request, payPassword: string) =>
    onFiled(await requestTransfer({ ...request, payPassword }, keyFor(request)));

  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={t('routes.fastPayment')}>
      <p className="form__hint">{t('bank.quick.intro')}</p>
      <div className="quick-card" data-testid="quick-card">
        <span className="quick-card__label">{t('bank.quick.from')}</span>
        <span className="quick-card__name">{cardLabel}</span>
        <Link className="link-button" to="/ucenter/bank-list" data-testid="quick-change-card">
          {t('bank.quick.changeCard')}
        </Link>
      </div>
      <fieldset className="quick-presets">
        <legend className="visually-hidden">{t('bank.quick.presets')}</legend>
        {QUICK_AMOUNTS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="quick-presets__item"
            aria-pressed={amount === preset}
            onClick={() => setAmount(preset)}
            data-testid={`quick-preset-${preset}`}
          >
            {formatMoney(preset, 0)}
          </button>
        ))}
      </fieldset>
      <Field
        label={t('bank.transfer.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('bank.quick.amountPlaceholder')}
        value={amount}
        onChange={setAmount}
        error={errors.amount ?? errors.cardId}
        data-testid="quick-amount"
      />
      <p className="form__hint">{t('bank.quick.limit', { max: formatMoney(MAX_TRANSFER_AMOUNT) })}</p>
      <Button type="submit" block testId="quick-submit">
        {t('bank.quick.submit')}
      </Button>
      {confirming ? (
        <PayPasswordSheet
          summary={t('bank.quick.summary', { amount: formatMoney(confirming.amount), card: cardLabel })}
          onConfirm={(payPassword) => pay(confirming, payPassword)}
          onClose={() => setConfirming(undefined)}
        />
      ) : null}
    </form>
  );
}

/**
 * The filed transfer as the bank answers it: looked up again when a transfer's message arrives
 * over /user, and every few seconds while it waits in case the message is missed.
 */
function useFollowedTransfer(filed: TransferView): TransferView {
  const [current, setCurrent] = useState(filed);
  const answered = useMessageStore((s) => s.arrived.filter((m) => m.kind === 'transferResult').length);
  const waiting = current.status === 'auditing';
  useEffect(startInbox, []);
  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    // A failed look keeps the last status shown; the next message or tick looks again.
    const look = () =>
      fetchTransfers({ direction: 'in', page: 1 }, controller.signal).then(
        (page) => {
          const found = page.items.find((item) => item.id === filed.id);
          if (found) setCurrent(found);
        },
        () => undefined,
      );
    if (answered > 0) void look();
    const timer = setInterval(look, AUDITING_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [waiting, answered, filed.id]);
  return current;
}

function QuickPaymentResult({ filed, onAgain }: { filed: TransferView; onAgain: () => void }) {
  const { t } = useTranslation();
  const bankName = useBankName();
  const transfer = useFollowedTransfer(filed);
  return (
    <section className="card quick-result" data-testid="quick-result" data-status={transfer.status}>
      <span className={`status status--${transfer.status}`} data-testid="quick-result-status">
        {t(`bank.record.status.${transfer.status}`)}
      </span>
      <p className="quick-result__amount">{signedMoney(transfer.amount)}</p>
      <p className="quick-result__card">
        {t('bank.card.label', { bank: bankName(transfer.bank), tail: transfer.cardTail })}
      </p>
      <p className="quick-result__text" role="status">
        {t(`bank.quick.result.${transfer.status}`)}
        {transfer.refusalReason ? ` ${t(`bank.record.reasons.${transfer.refusalReason}`)}` : null}
      </p>
      <Link className="button button--primary button--block" to="/bankRecord" data-testid="quick-records">
        {t('routes.bankRecord')}
      </Link>
      <Button variant="ghost" block onClick={onAgain} testId="quick-again">
        {t('bank.quick.again')}
      </Button>
    </section>
  );
}

const NOTICES = {
  verification: {
    text: 'bank.quick.notVerified',
    action: 'bank.bind.goVerify',
    to: '/realNameAuthentication',
  },
  verificationPending: {
    text: 'bank.quick.verificationPending',
    action: 'bank.quick.seeVerification',
    to: '/realNameAuthentication',
  },
  card: { text: 'bank.quick.noCard', action: 'bank.transfer.bindCard', to: '/ucenter/bank' },
  defaultCard: { text: 'bank.quick.noDefault', action: 'bank.quick.chooseDefault', to: '/ucenter/bank-list' },
} as const;

function QuickPayment({ gate }: { gate: QuickPaymentGate }) {
  const { t } = useTranslation();
  const [filed, setFiled] = useState<TransferView>();
  if (!gate.ready) {
    const notice = NOTICES[gate.missing];
    return (
      <NoticeCard
        text={t(notice.text)}
        action={t(notice.action)}
        to={notice.to}
        testId={`quick-missing-${gate.missing}`}
      />
    );
  }
  return filed ? (
    <QuickPaymentResult filed={filed} onAgain={() => setFiled(undefined)} />
  ) : (
    <QuickPaymentForm card={gate.card} onFiled={setFiled} />
  );
}

/**
 * `/fastpayment`: quick payment, a transfer in from the default card on one screen: a preset or
 * typed amount, the payment password, then the bank's answer as it comes. It is the transfer
 * every other screen files (POST /bank/transfers with its Idempotency-Key), listed in the records.
 */
export function QuickPaymentScreen() {
  const { t } = useTranslation();
  const [loaded, reload] = useLoad(async (signal) => {
    const [detail, cards] = await Promise.all([fetchAuthenticationDetail(signal), fetchCards(signal)]);
    return quickPaymentGate(detail, cards);
  }, []);
  return (
    <Screen nav={{ title: t('routes.fastPayment') }}>
      <LoadingOr state={loaded} onRetry={reload}>
        {(gate) => <QuickPayment gate={gate} />}
      </LoadingOr>
    </Screen>
  );
}
