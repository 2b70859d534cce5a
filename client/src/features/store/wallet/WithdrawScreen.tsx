import {
  type BankCardView,
  Dec,
  drawAllAmount,
  USER_EVENTS,
  USER_NAMESPACE,
  userEventSchemas,
  type WithdrawalRequest,
  type WithdrawalTerms,
  type WithdrawalView,
} from '@bourse/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/date/formatDate.ts';
import type { FieldErrors } from '../../../lib/forms.ts';
import { logger } from '../../../lib/logger.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { Field } from '../../../shared-ui/Field.tsx';
import { LoadingOr } from '../../../shared-ui/LoadingOr.tsx';
import { LoadState } from '../../../shared-ui/LoadState.tsx';
import { Screen } from '../../../shared-ui/Screen.tsx';
import { toast } from '../../../shared-ui/toast/toastStore.ts';
import { CardPicker, fetchCards, useIdempotencyKey } from '../../banking/index.ts';
import { PayPasswordSheet } from '../../identity/index.ts';
import { startInbox } from '../../messages/index.ts';
import { sessionSocket } from '../../session/index.ts';
import { usePrice } from '../format.ts';
import { fetchMyWithdrawals, fetchWithdrawalTerms, submitWithdrawal } from './walletApi.ts';
import { chargeShown, validateWithdraw, type WithdrawField } from './withdrawForm.ts';
import '../store.css';
import './wallet.css';

/**
 * The user's withdrawals, with their audits and the bank's answers as /user pushes them while
 * the page is open; `onReleased` runs when one is refused (its money is available again).
 */
function useLiveWithdrawals(onReleased: () => void) {
  const [mine, reload] = useLoad((signal) => fetchMyWithdrawals(signal), []);
  const [pushed, setPushed] = useState<Record<string, WithdrawalView>>({});
  const released = useRef(onReleased);
  released.current = onReleased;
  // The /user socket connects with the inbox; a page opened first (from a link) starts it.
  useEffect(startInbox, []);
  useEffect(() => {
    const socket = sessionSocket(USER_NAMESPACE);
    const onWithdrawal = (payload: unknown) => {
      const parsed = userEventSchemas.withdrawal.safeParse(payload);
      if (!parsed.success) {
        logger.error('withdraw: a withdrawal event broke its contract; dropped', parsed.error.issues);
        return;
      }
      setPushed((p) => ({ ...p, [parsed.data.id]: parsed.data }));
      if (parsed.data.state === 'refuse') released.current();
    };
    socket.on(USER_EVENTS.withdrawal, onWithdrawal);
    return () => {
      socket.off(USER_EVENTS.withdrawal, onWithdrawal);
    };
  }, []);
  return { mine, reload, pushed };
}

function WithdrawalRecord({ withdrawal }: { withdrawal: WithdrawalView }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  return (
    <li className="fund-record" data-testid="withdrawal-record" data-state={withdrawal.state}>
      <div className="fund-record__main">
        <span>{`${t(`bank.names.${withdrawal.bank}`, { ns: 'translation' })} · ${withdrawal.cardMasked}`}</span>
        <span className={`topup-state topup-state--${withdrawal.state}`} data-testid="withdrawal-state">
          {t(`withdrawal.states.${withdrawal.state}`, { ns: 'translation' })}
        </span>
      </div>
      <div className="fund-record__foot">
        <span>{t('withdraw.amountLine', { amount: price(withdrawal.amount) })}</span>
        <span>{t('withdraw.charge', { amount: price(withdrawal.serviceCharge) })}</span>
      </div>
      {withdrawal.reason ? (
        <p className="fund-record__note">
          {t(`withdrawal.reasons.${withdrawal.reason}`, { ns: 'translation' })}
        </p>
      ) : null}
      {withdrawal.note ? <p className="fund-record__note">{withdrawal.note}</p> : null}
      <time className="fund-record__time" dateTime={withdrawal.createdAt}>
        {formatDate(withdrawal.createdAt, 'YYYY-MM-DD HH:mm')}
      </time>
    </li>
  );
}

function WithdrawForm({
  cards,
  terms,
  onSent,
}: {
  cards: BankCardView[];
  terms: WithdrawalTerms;
  onSent: () => void;
}) {
  const { t } = useTranslation('store');
  const price = usePrice();
  const keyFor = useIdempotencyKey();
  const [cardId, setCardId] = useState(cards.find((c) => c.isDefault)?.id ?? cards[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors<WithdrawField>>({});
  const [confirming, setConfirming] = useState<{
    body: Omit<WithdrawalRequest, 'payPassword'>;
    charge: string;
  }>();
  const charge = chargeShown(amount, terms.charge);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const validation = validateWithdraw({ cardId, amount }, terms.available, terms.charge);
    setErrors(validation.ok ? {} : validation.errors);
    if (validation.ok) setConfirming(validation);
  };
  // The sheet shows a refusal (a wrong password, the balance moved meanwhile) and closes on success.
  const send = async (body: Omit<WithdrawalRequest, 'payPassword'>, payPassword: string) => {
    await submitWithdrawal({ ...body, payPassword }, keyFor(body));
    toast.success(t('withdraw.sent'), 3000);
    setAmount('');
    onSent();
  };

  const card = cards.find((c) => c.id === confirming?.body.cardId);
  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={t('withdraw.title')}>
      <CardPicker cards={cards} value={cardId} onChange={setCardId} error={errors.cardId} />
      <Field
        label={t('withdraw.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        data-testid="withdraw-amount"
      />
      <div className="transfer-balance">
        <span data-testid="withdraw-available">
          {t('withdraw.available', { amount: price(terms.available) })}
        </span>
        <button
          type="button"
          className="link-button"
          onClick={() => setAmount(drawAllAmount(terms.available, terms.charge).toFixed(2))}
          data-testid="withdraw-all"
        >
          {t('withdraw.all')}
        </button>
      </div>
      <p className="form__hint" data-testid="withdraw-charge">
        {charge === null
          ? t('withdraw.chargeRule', {
              // The rule's fraction as a percent, in decimals: "0.01" is 1%.
              rate: `${new Dec(terms.charge.rate).times(100).toString()}%`,
              minimum: price(terms.charge.minimum),
            })
          : t('withdraw.charge', { amount: price(charge) })}
      </p>
      <Button type="submit" block testId="withdraw-submit">
        {t('withdraw.submit')}
      </Button>
      {confirming && card ? (
        <PayPasswordSheet
          summary={t('withdraw.summary', {
            amount: price(confirming.body.amount),
            charge: price(confirming.charge),
            bank: t(`bank.names.${card.bank}`, { ns: 'translation' }),
            tail: card.cardTail,
          })}
          onConfirm={(payPassword) => send(confirming.body, payPassword)}
          onClose={() => setConfirming(undefined)}
        />
      ) : null}
    </form>
  );
}

/**
 * `/store/withdraw`: a withdrawal of the store balance to a bound card (the card, the amount or
 * draw all, the service charge shown, then the payment password); below, the user's
 * withdrawals, their audits arriving live.
 */
export function WithdrawScreen() {
  const { t } = useTranslation('store');
  const [loaded, retry] = useLoad(async (signal) => {
    const [cards, terms] = await Promise.all([fetchCards(signal), fetchWithdrawalTerms(signal)]);
    return { cards, terms };
  }, []);
  const { mine, reload, pushed } = useLiveWithdrawals(retry);
  return (
    <Screen nav={{ title: t('withdraw.title') }}>
      <LoadingOr state={loaded} onRetry={retry}>
        {({ cards, terms }) =>
          cards.length === 0 ? (
            <p className="card form__hint" data-testid="withdraw-no-card">
              {t('withdraw.noCard')}
            </p>
          ) : (
            <WithdrawForm
              cards={cards}
              terms={terms}
              onSent={() => {
                retry();
                reload();
              }}
            />
          )
        }
      </LoadingOr>
      <section aria-labelledby="my-withdrawals-title">
        <div className="store-section-head">
          <h2 id="my-withdrawals-title">{t('withdraw.mine')}</h2>
        </div>
        {mine.status === 'success' && mine.data.items.length > 0 ? (
          <ul className="card wallet-list" data-testid="my-withdrawals">
            {mine.data.items.map((w) => (
              <WithdrawalRecord key={w.id} withdrawal={pushed[w.id] ?? w} />
            ))}
          </ul>
        ) : (
          <LoadState state={mine} onRetry={reload} empty={t('withdraw.none')} />
        )}
      </section>
    </Screen>
  );
}
