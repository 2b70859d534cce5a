import { type AuthenticationDetail, bindCardBody, checkCardNumber } from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type FieldErrors, fieldErrors } from '../../lib/forms.ts';
import { useLoad } from '../../lib/useLoad.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';
import { Screen } from '../../shared-ui/Screen.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';
import { fetchAuthenticationDetail } from '../identity/index.ts';
import { bindCard } from './bankingApi.ts';
import { CARD_NUMBER_MAX_DIGITS, groupCardNumber } from './cardNumber.ts';
import { NoticeCard } from './NoticeCard.tsx';
import { useBankName } from './useBankName.ts';
import './banking.css';

type BindField = 'cardNumber' | 'holderName';

function BindCardForm({ realName }: { realName: string }) {
  const { t } = useTranslation();
  const bankName = useBankName();
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<FieldErrors<BindField>>({});
  const { busy, failure, run } = useFormSubmit();
  const checked = checkCardNumber(number);
  const bank = checked.ok ? checked.bank : null;

  const validate = (cardNumber: string) => bindCardBody.safeParse({ cardNumber, holderName: realName });

  const type = (typed: string) => {
    const grouped = groupCardNumber(typed);
    setNumber(grouped);
    // Once an error shows, it follows the number: gone as soon as the number is right.
    if (errors.cardNumber) setErrors(fieldErrors(validate(grouped)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(number);
    setErrors(fieldErrors(result));
    if (!result.success) return;
    await run(async () => {
      await bindCard(result.data);
      toast.success(t('bank.bind.bound'));
      void navigate('/ucenter/bank-list', { replace: true });
    });
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-label={t('routes.bindBank')}>
      <p className="form__hint">{t('bank.bind.intro')}</p>
      <Field
        label={t('bank.bind.holder')}
        value={realName}
        onChange={() => {}}
        readOnly
        data-testid="bind-holder"
      />
      <p className="form__hint">{t('bank.bind.holderHint')}</p>
      <Field
        label={t('bank.bind.number')}
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder={t('bank.bind.numberPlaceholder')}
        // Room for the spaces between the groups of four.
        maxLength={CARD_NUMBER_MAX_DIGITS + 4}
        value={number}
        onChange={type}
        error={errors.cardNumber}
        data-testid="bind-number"
      />
      {bank ? (
        <p className="bind-bank" data-testid="bind-bank">
          {t('bank.bind.recognised', { bank: bankName(bank) })}
        </p>
      ) : null}
      <FormError message={failure} />
      <Button type="submit" block disabled={busy} testId="bind-submit">
        {t('bank.bind.submit')}
      </Button>
    </form>
  );
}

/** `/ucenter/bank`: bind a debit card in the verified real name. */
export function BindCardScreen() {
  const { t } = useTranslation();
  const [detail, reload] = useLoad((signal) => fetchAuthenticationDetail(signal), []);
  return (
    <Screen nav={{ title: t('routes.bindBank') }}>
      <LoadingOr state={detail} onRetry={reload}>
        {(d: AuthenticationDetail) =>
          d.status === 'passed' && d.realName ? (
            <BindCardForm realName={d.realName} />
          ) : (
            <NoticeCard
              text={t('bank.bind.notVerified')}
              action={t('bank.bind.goVerify')}
              to="/realNameAuthentication"
              testId="bind-not-verified"
            />
          )
        }
      </LoadingOr>
    </Screen>
  );
}
