import {
  type BankCardView,
  MAX_TRANSFER_AMOUNT,
  type TransferDirection,
  type TransferRequest,
} from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { formatMoney } from '../../lib/format.ts';
import type { FieldErrors } from '../../lib/forms.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';
import { PayPasswordSheet } from '../identity/index.ts';
import { type AccountSummary, fetchAccount } from '../trade/index.ts';
import { fetchCards, requestTransfer } from './bankingApi.ts';
import { CardPicker } from './CardPicker.tsx';
import { NoticeCard } from './NoticeCard.tsx';
import { type TransferField, validateTransfer } from './transferForm.ts';
import { useBankName } from './useBankName.ts';
import { useIdempotencyKey } from './useIdempotencyKey.ts';
import './banking.css';

function TransferForm({
  direction,
  cards,
  account,
}: {
  direction: TransferDirection;
  cards: BankCardView[];
  account: AccountSummary;
}) {
  const { t } = useTranslation();
  const bankName = useBankName();
  const navigate = useNavigate();
  const keyFor = useIdempotencyKey();
  const [cardId, setCardId] = useState(cards.find((c) => c.isDefault)?.id ?? cards[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors<TransferField>>({});
  const [confirming, setConfirming] = useState<Omit<TransferRequest, 'payPassword'>>();
  const { busy, failure, run } = useFormSubmit();
  const isOut = direction === 'out';

  const send = async (request: Omit<TransferRequest, 'payPassword'>, payPassword?: string) => {
    await requestTransfer({ ...request, payPassword }, keyFor(request));
    toast.success(t('bank.transfer.submitted'));
    void navigate('/bankRecord', { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateTransfer(
      { cardId, amount },
      direction,
      account.withdrawable,
      t('bank.transfer.card'),
    );
    setErrors(validation.ok ? {} : validation.errors);
    if (!validation.ok) return;
    if (isOut) setConfirming(validation.body);
    else await run(() => send(validation.body));
  };

  const card = cards.find((c) => c.id === confirming?.cardId);
  return (
    <form
      className="card form"
      onSubmit={submit}
      noValidate
      aria-label={t(isOut ? 'bank.transfer.out' : 'bank.transfer.in')}
    >
      <p className="form__hint">{t(isOut ? 'bank.transfer.outHint' : 'bank.transfer.inHint')}</p>
      <CardPicker cards={cards} value={cardId} onChange={setCardId} error={errors.cardId} />
      <Field
        label={t('bank.transfer.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('bank.transfer.amountPlaceholder')}
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        data-testid="transfer-amount"
      />
      <div className="transfer-balance">
        <span data-testid="transfer-withdrawable">
          {t(isOut ? 'bank.transfer.withdrawableLine' : 'bank.transfer.availableLine', {
            amount: formatMoney(isOut ? account.withdrawable : account.available),
          })}
        </span>
        {isOut ? (
          <button
            type="button"
            className="link-button"
            onClick={() => setAmount(account.withdrawable)}
            data-testid="transfer-all"
          >
            {t('bank.transfer.all')}
          </button>
        ) : null}
      </div>
      <p className="form__hint">{t('bank.transfer.limit', { max: formatMoney(MAX_TRANSFER_AMOUNT) })}</p>
      <FormError message={failure} />
      <Button type="submit" block disabled={busy} testId="transfer-submit">
        {t(isOut ? 'bank.transfer.submitOut' : 'bank.transfer.submitIn')}
      </Button>
      {confirming && card ? (
        <PayPasswordSheet
          summary={t('bank.transfer.summaryOut', {
            amount: formatMoney(confirming.amount),
            bank: bankName(card.bank),
            tail: card.cardTail,
          })}
          onConfirm={(payPassword) => send(confirming, payPassword)}
          onClose={() => setConfirming(undefined)}
        />
      ) : null}
    </form>
  );
}

/** A transfer in or out: the card, the amount, and for out the payment password. */
function TransferFormScreen({ direction, title }: { direction: TransferDirection; title: string }) {
  const { t } = useTranslation();
  const [loaded, reload] = useLoad(async (signal) => {
    const [cards, account] = await Promise.all([fetchCards(signal), fetchAccount(signal)]);
    return { cards, account };
  }, []);
  return (
    <Screen nav={{ title }}>
      <LoadingOr state={loaded} onRetry={reload}>
        {({ cards, account }) =>
          cards.length === 0 ? (
            <NoticeCard
              text={t('bank.transfer.noCard')}
              action={t('bank.transfer.bindCard')}
              to="/ucenter/bank"
              testId="transfer-no-card"
            />
          ) : (
            <TransferForm key={direction} direction={direction} cards={cards} account={account} />
          )
        }
      </LoadingOr>
    </Screen>
  );
}

/** `/bankIn/:type?`: `in` (the default) or `out`. */
export function BankInScreen() {
  const { t } = useTranslation();
  const direction: TransferDirection = useParams().type === 'out' ? 'out' : 'in';
  return (
    <TransferFormScreen
      direction={direction}
      title={t(direction === 'out' ? 'bank.transfer.out' : 'routes.bankIn')}
    />
  );
}

/** `/personCenter/payment`: a deposit is a transfer in from a bound card. */
export function DepositScreen() {
  const { t } = useTranslation();
  return <TransferFormScreen direction="in" title={t('routes.deposit')} />;
}

/** `/personCenter/paymentOut`: a withdrawal is a transfer out to a bound card. */
export function WithdrawalScreen() {
  const { t } = useTranslation();
  return <TransferFormScreen direction="out" title={t('routes.withdrawal')} />;
}
