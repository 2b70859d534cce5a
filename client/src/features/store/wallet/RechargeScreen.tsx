import {
  type DepositNetworks,
  isUnsupportedNetwork,
  TOP_UP_METHODS,
  type TopUpView,
  USER_EVENTS,
  USER_NAMESPACE,
  userEventSchemas,
} from '@bourse/shared';
import { type FormEvent, useEffect, useState } from 'react';
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
import { Segmented } from '../../../shared-ui/Segmented.tsx';
import { toast } from '../../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../../shared-ui/useFormSubmit.tsx';
import { useIdempotencyKey } from '../../banking/index.ts';
import { startInbox } from '../../messages/index.ts';
import { sessionSocket } from '../../session/index.ts';
import { usePrice } from '../format.ts';
import { ImagePicker } from '../ImagePicker.tsx';
import { copyText } from './copyText.ts';
import { DepositQr } from './DepositQr.tsx';
import { type RechargeField, type RechargeForm, validateRecharge } from './rechargeForm.ts';
import { fetchDepositNetworks, fetchMyTopUps, submitTopUp } from './walletApi.ts';
import '../store.css';
import './wallet.css';

const EMPTY: RechargeForm = {
  method: 'blockchain',
  network: '',
  address: '',
  amount: '',
  txHash: '',
  evidence: null,
};

/** The network chips, the spec's note on refused networks, and the chosen network's address with copy and QR. */
function NetworkPicker({
  networks,
  form,
  error,
  onPick,
}: {
  networks: DepositNetworks;
  form: RechargeForm;
  error: string | undefined;
  onPick: (network: string, address: string) => void;
}) {
  const { t } = useTranslation('store');
  const refused = form.network !== '' && isUnsupportedNetwork(form.network);
  const copy = async () => {
    const outcome = await copyText(form.address);
    if (outcome === 'copied') toast.success(t('recharge.copied'), 1500);
    else toast.fail(t(outcome === 'unsupported' ? 'recharge.copyUnsupported' : 'recharge.copyFailed'));
  };
  return (
    <>
      <fieldset className="recharge-networks">
        <legend className="field__label">{t('recharge.network')}</legend>
        <div className="recharge-networks__chips">
          {[...networks.networks, ...networks.unsupported.map((network) => ({ network, address: '' }))].map(
            ({ network, address }) => (
              <button
                key={network}
                type="button"
                className={`spec${form.network === network ? ' spec--chosen' : ''}`}
                aria-pressed={form.network === network}
                onClick={() => onPick(network, address)}
                data-testid={`recharge-network-${network}`}
              >
                {network}
              </button>
            ),
          )}
        </div>
        <p
          className={refused ? 'field__error' : 'form__hint'}
          role={refused ? 'alert' : undefined}
          data-testid="recharge-network-note"
        >
          {t('recharge.unsupportedNote')}
        </p>
        {error && !refused ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
      {form.address ? (
        <section className="deposit-address" aria-label={t('recharge.address')}>
          <span className="field__label">{t('recharge.address')}</span>
          <DepositQr address={form.address} label={t('recharge.qr', { network: form.network })} />
          <p className="deposit-address__text" data-testid="deposit-address">
            {form.address}
          </p>
          <Button variant="ghost" onClick={() => void copy()} testId="deposit-copy">
            {t('recharge.copy')}
          </Button>
        </section>
      ) : null}
    </>
  );
}

/** The user's top-ups, with their audits as /user pushes them while the page is open. */
function useLiveTopUps() {
  const [mine, reload] = useLoad((signal) => fetchMyTopUps(signal), []);
  const [pushed, setPushed] = useState<Record<string, TopUpView>>({});
  // The /user socket connects with the inbox; a page opened first (from a link) starts it.
  useEffect(startInbox, []);
  useEffect(() => {
    const socket = sessionSocket(USER_NAMESPACE);
    const onTopUp = (payload: unknown) => {
      const parsed = userEventSchemas.topUp.safeParse(payload);
      if (!parsed.success) {
        logger.error('recharge: a top-up event broke its contract; dropped', parsed.error.issues);
        return;
      }
      setPushed((p) => ({ ...p, [parsed.data.id]: parsed.data }));
    };
    socket.on(USER_EVENTS.topUp, onTopUp);
    return () => {
      socket.off(USER_EVENTS.topUp, onTopUp);
    };
  }, []);
  return { mine, reload, pushed };
}

function TopUpRecord({ topUp }: { topUp: TopUpView }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  return (
    <li className="fund-record" data-testid="topup-record" data-state={topUp.state}>
      <div className="fund-record__main">
        <span>
          {t(`topUp.methods.${topUp.method}`, { ns: 'translation' })}
          {topUp.network ? ` · ${topUp.network}` : null}
        </span>
        <span className={`topup-state topup-state--${topUp.state}`} data-testid="topup-state">
          {t(`topUp.states.${topUp.state}`, { ns: 'translation' })}
        </span>
      </div>
      <div className="fund-record__foot">
        <span>{t('recharge.claimed', { amount: price(topUp.amount) })}</span>
        {topUp.arrivalAmount ? (
          <span>{t('recharge.arrived', { amount: price(topUp.arrivalAmount) })}</span>
        ) : null}
      </div>
      {topUp.reason ? (
        <p className="fund-record__note">{t(`topUp.reasons.${topUp.reason}`, { ns: 'translation' })}</p>
      ) : null}
      {topUp.note ? <p className="fund-record__note">{topUp.note}</p> : null}
      <time className="fund-record__time" dateTime={topUp.createdAt}>
        {formatDate(topUp.createdAt, 'YYYY-MM-DD HH:mm')}
      </time>
    </li>
  );
}

/**
 * `/store/recharge`: a top-up by blockchain (network, the platform's deposit address with copy
 * and QR, amount, transaction hash) or manual (amount), each with payment evidence; below, the
 * user's top-ups, their audits arriving live.
 */
export function RechargeScreen() {
  const { t } = useTranslation('store');
  const [networks, retryNetworks] = useLoad((signal) => fetchDepositNetworks(signal), []);
  const [form, setForm] = useState<RechargeForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<RechargeField>>({});
  const { busy, failure, run } = useFormSubmit();
  const keyFor = useIdempotencyKey();
  const { mine, reload, pushed } = useLiveTopUps();
  const set = (patch: Partial<RechargeForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateRecharge(form);
    setErrors(validation.ok ? {} : validation.errors);
    if (!validation.ok) return;
    await run(
      async () => {
        const { evidence } = validation;
        const key = keyFor({
          ...validation.body,
          evidence: [evidence.name, evidence.size, evidence.lastModified],
        });
        await submitTopUp(validation.body, evidence, key);
        toast.success(t('recharge.sent'), 3000);
        setForm((f) => ({ ...EMPTY, method: f.method, network: f.network, address: f.address }));
        reload();
      },
      { staying: true },
    );
  };

  return (
    <Screen nav={{ title: t('routes.recharge', { ns: 'translation' }) }}>
      <form
        className="card form"
        onSubmit={submit}
        noValidate
        aria-label={t('routes.recharge', { ns: 'translation' })}
      >
        <Segmented
          options={TOP_UP_METHODS.map((value) => ({
            value,
            label: t(`topUp.methods.${value}`, { ns: 'translation' }),
          }))}
          value={form.method}
          onChange={(method) => {
            set({ method });
            setErrors({});
          }}
          label={t('recharge.method')}
          testId="recharge-method"
        />
        {form.method === 'blockchain' ? (
          <LoadingOr state={networks} onRetry={retryNetworks}>
            {(data) => (
              <NetworkPicker
                networks={data}
                form={form}
                error={errors.network ?? errors.address}
                onPick={(network, address) => set({ network, address })}
              />
            )}
          </LoadingOr>
        ) : (
          <p className="form__hint">{t('recharge.manualHint')}</p>
        )}
        <Field
          label={t('recharge.amount')}
          name="amount"
          inputMode="decimal"
          value={form.amount}
          onChange={(amount) => set({ amount })}
          error={errors.amount}
          data-testid="recharge-amount"
        />
        {form.method === 'blockchain' ? (
          <Field
            label={t('recharge.txHash')}
            name="txHash"
            autoComplete="off"
            spellCheck={false}
            value={form.txHash}
            onChange={(txHash) => set({ txHash })}
            error={errors.txHash}
            data-testid="recharge-hash"
          />
        ) : null}
        <ImagePicker
          file={form.evidence}
          error={errors.evidence}
          onChoose={(evidence) => set({ evidence })}
          labels={{
            label: t('recharge.evidence'),
            choose: t('recharge.chooseEvidence'),
            hint: t('recharge.evidenceHint'),
          }}
          testId="recharge-evidence"
        />
        <FormError message={failure} />
        <Button type="submit" block disabled={busy} testId="recharge-submit">
          {t('recharge.submit')}
        </Button>
      </form>
      <section aria-labelledby="my-topups-title">
        <div className="store-section-head">
          <h2 id="my-topups-title">{t('recharge.mine')}</h2>
        </div>
        {mine.status === 'success' && mine.data.items.length > 0 ? (
          <ul className="card wallet-list" data-testid="my-topups">
            {mine.data.items.map((topUp) => (
              <TopUpRecord key={topUp.id} topUp={pushed[topUp.id] ?? topUp} />
            ))}
          </ul>
        ) : (
          <LoadState state={mine} onRetry={reload} empty={t('recharge.none')} />
        )}
      </section>
    </Screen>
  );
}
