import {
  escalateRefundBody,
  MAX_ESCALATION_TEXT,
  REFUND_REVIEW_TAB_KEYS,
  REFUND_REVIEW_TABS,
  type RefundReviewTab,
  type RefundState,
  type RefundView,
  returnShipmentBody,
} from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { formatDate } from '../../../lib/date/formatDate.ts';
import type { FieldErrors } from '../../../lib/forms.ts';
import { fieldErrors } from '../../../lib/forms.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { Field } from '../../../shared-ui/Field.tsx';
import { LoadingOr } from '../../../shared-ui/LoadingOr.tsx';
import { LoadState } from '../../../shared-ui/LoadState.tsx';
import { Screen } from '../../../shared-ui/Screen.tsx';
import { TextAreaField } from '../../../shared-ui/TextAreaField.tsx';
import { toast } from '../../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../../shared-ui/useFormSubmit.tsx';
import { usePrice } from '../format.ts';
import { StoreTabs } from '../StoreTabs.tsx';
import { escalateRefund, fetchMyRefunds, fetchRefund, shipReturn } from './refundApi.ts';
import { useLiveRefunds } from './useLiveRefunds.ts';
import '../store.css';
import './refunds.css';

function ReviewBadge({ refund }: { refund: RefundView }) {
  const { t } = useTranslation('store');
  return (
    <span className={`refund-review refund-review--${refund.review}`} data-testid="refund-review">
      {t(`refunds.review.${refund.review}`)}
    </span>
  );
}

function RefundCard({ refund }: { refund: RefundView }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  return (
    <li className="card refund-card" data-testid="refund-card" data-state={refund.state}>
      <Link to={`/store/refunds/${refund.id}`} className="refund-card__link">
        <span className="refund-card__head">
          <span>{t('orders.number', { number: refund.orderNumber })}</span>
          <ReviewBadge refund={refund} />
        </span>
        <span className="refund-card__main">
          <strong>{price(refund.amount)}</strong>
          <span>{t(`refund.type.${refund.type}`, { ns: 'translation' })}</span>
        </span>
        <span className="refund-card__foot">
          <span>{t(`refunds.state.${refund.state}`)}</span>
          <time dateTime={refund.createdAt}>{formatDate(refund.createdAt, 'YYYY-MM-DD HH:mm')}</time>
        </span>
      </Link>
    </li>
  );
}

/** `/store/refunds`: the shopper's after-sale requests on the spec's review tabs, their steps landing live. */
export function AfterSaleListScreen() {
  const { t } = useTranslation('store');
  const [tab, setTab] = useState<RefundReviewTab>('all');
  const [mine, reload] = useLoad((signal) => fetchMyRefunds(tab, signal), [tab]);
  const pushed = useLiveRefunds();
  const inTab = (state: RefundState) => (REFUND_REVIEW_TABS[tab] as readonly RefundState[]).includes(state);
  return (
    <Screen nav={{ title: t('routes.afterSale', { ns: 'translation' }) }} padded={false}>
      <StoreTabs
        keys={REFUND_REVIEW_TAB_KEYS}
        value={tab}
        onChange={setTab}
        label={(key) => t(`refunds.tabs.${key}`)}
        testId="refund-tab"
      />
      {mine.status === 'success' && mine.data.items.length > 0 ? (
        <ul className="refund-list" data-testid="my-refunds">
          {mine.data.items
            .map((r) => pushed[r.id] ?? r)
            .filter((r) => inTab(r.state))
            .map((r) => (
              <RefundCard key={r.id} refund={r} />
            ))}
        </ul>
      ) : (
        <LoadState state={mine} onRetry={reload} empty={t('refunds.none')} />
      )}
    </Screen>
  );
}

type ReturnField = 'carrier' | 'trackingNo';

/** An approved return and refund: the shopper sends the goods back and enters the carrier and tracking number. */
function ReturnForm({ refund, onSent }: { refund: RefundView; onSent: () => void }) {
  const { t } = useTranslation('store');
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [errors, setErrors] = useState<FieldErrors<ReturnField>>({});
  const { busy, failure, run } = useFormSubmit();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = returnShipmentBody.safeParse({ id: refund.id, carrier, trackingNo });
    setErrors(fieldErrors(parsed));
    if (!parsed.success) return;
    await run(
      async () => {
        await shipReturn(parsed.data);
        toast.success(t('refunds.returnSent'), 2500);
        onSent();
      },
      { staying: true },
    );
  };
  return (
    <form
      className="card form refund-return"
      onSubmit={submit}
      noValidate
      aria-label={t('refunds.returnTitle')}
    >
      <h2 className="card__title">{t('refunds.returnTitle')}</h2>
      <p className="form__hint">{t('refunds.returnHint')}</p>
      <Field
        label={t('refunds.carrier')}
        name="carrier"
        value={carrier}
        onChange={setCarrier}
        error={errors.carrier}
        data-testid="return-carrier"
      />
      <Field
        label={t('logistics.trackingNo')}
        name="trackingNo"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="RR1234567890CN"
        value={trackingNo}
        onChange={setTrackingNo}
        error={errors.trackingNo}
        data-testid="return-tracking"
      />
      <FormError message={failure} />
      <Button type="submit" block disabled={busy} testId="return-submit">
        {t('refunds.returnSubmit')}
      </Button>
    </form>
  );
}

/** A refused refund the shopper has not yet taken to the platform: once, with a reason. */
function EscalateForm({ refund, onSent }: { refund: RefundView; onSent: () => void }) {
  const { t } = useTranslation('store');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'reason'>>({});
  const { busy, failure, run } = useFormSubmit();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = escalateRefundBody.safeParse({ id: refund.id, reason });
    setErrors(fieldErrors(parsed));
    if (!parsed.success) return;
    await run(
      async () => {
        await escalateRefund(parsed.data);
        toast.success(t('refunds.escalation.sent'), 2500);
        onSent();
      },
      { staying: true },
    );
  };
  return (
    <form
      className="card form refund-escalate"
      onSubmit={submit}
      noValidate
      aria-label={t('refunds.escalation.title')}
    >
      <h2 className="card__title">{t('refunds.escalation.title')}</h2>
      <p className="form__hint">{t('refunds.escalation.hint')}</p>
      <TextAreaField
        label={t('refunds.escalation.reason')}
        rows={3}
        maxLength={MAX_ESCALATION_TEXT}
        value={reason}
        onChange={setReason}
        error={errors.reason}
        data-testid="refund-escalate-reason"
      />
      <FormError message={failure} />
      <Button type="submit" block disabled={busy} testId="refund-escalate-submit">
        {t('refunds.escalation.submit')}
      </Button>
    </form>
  );
}

/** The platform's review of a refusal: the shopper's reason, then the ruling. */
function EscalationPanel({ escalation }: { escalation: NonNullable<RefundView['escalation']> }) {
  const { t } = useTranslation('store');
  return (
    <section
      className="card order-panel refund-escalation"
      data-testid="refund-escalation"
      data-state={escalation.state}
    >
      <h2 className="card__title">{t('refunds.escalation.status')}</h2>
      <p className="refund-escalation__ruling">
        <strong>{t(`refunds.escalation.${escalation.state}`)}</strong>
      </p>
      {escalation.note ? <p>{escalation.note}</p> : null}
      <p className="form__hint">{t('refunds.escalation.yourReason', { reason: escalation.reason })}</p>
    </section>
  );
}

function RefundDetail({ refund, onChanged }: { refund: RefundView; onChanged: () => void }) {
  const { t } = useTranslation('store');
  const price = usePrice();
  return (
    <>
      <section className="card order-panel refund-head" data-testid="refund-head" data-state={refund.state}>
        <p className="refund-head__state">
          <strong data-testid="refund-state">{t(`refunds.state.${refund.state}`)}</strong>
          <ReviewBadge refund={refund} />
        </p>
        <p className="refund-head__amount">{price(refund.amount)}</p>
        <p>
          <Link to={`/orders/${refund.orderId}`}>{t('orders.number', { number: refund.orderNumber })}</Link>
        </p>
        {refund.answerBy ? (
          <p className="form__hint">
            {t('refunds.answerBy', { time: formatDate(refund.answerBy, 'YYYY-MM-DD HH:mm') })}
          </p>
        ) : null}
      </section>
      {refund.state === 'refused' ? (
        <section className="card order-panel refund-refusal" data-testid="refund-refusal">
          <h2 className="card__title">{t('refunds.refusedBecause')}</h2>
          <p>
            {refund.refusalReason ? t(`refund.refusal.${refund.refusalReason}`, { ns: 'translation' }) : null}
          </p>
          {refund.refusalNote ? <p>{refund.refusalNote}</p> : null}
        </section>
      ) : null}
      {refund.escalation ? <EscalationPanel escalation={refund.escalation} /> : null}
      {refund.state === 'refused' && !refund.escalation ? (
        <EscalateForm refund={refund} onSent={onChanged} />
      ) : null}
      {refund.state === 'approved' && refund.type === 'returnAndRefund' ? (
        <ReturnForm refund={refund} onSent={onChanged} />
      ) : null}
      {refund.returnTrackingNo ? (
        <section className="card order-panel order-shipment" data-testid="refund-return">
          <h2 className="card__title">{t('refunds.returnParcel')}</h2>
          <p className="order-shipment__tracking">{`${refund.returnCarrier ?? ''} ${refund.returnTrackingNo}`}</p>
          <Link
            className="order-shipment__link"
            to={`/store/logistics/${encodeURIComponent(refund.returnTrackingNo)}`}
          >
            {t('orders.trackParcel')}
          </Link>
        </section>
      ) : null}
      <section className="card order-panel refund-facts">
        <dl>
          <dt>{t('refunds.typeLabel')}</dt>
          <dd>{t(`refund.type.${refund.type}`, { ns: 'translation' })}</dd>
          <dt>{t('refunds.productStatusLabel')}</dt>
          <dd>{t(`refunds.productStatus.${refund.productStatus}`)}</dd>
          <dt>{t('refunds.reasonLabel')}</dt>
          <dd>{t(`refund.reason.${refund.reason}`, { ns: 'translation' })}</dd>
          <dt>{t('refunds.explanation')}</dt>
          <dd>{refund.explanation}</dd>
        </dl>
      </section>
      <section className="card order-panel">
        <h2 className="card__title">{t('orders.timeline')}</h2>
        <ol className="order-timeline" data-testid="refund-timeline">
          {[...refund.timeline].reverse().map((e) => (
            <li key={e.step} className="order-timeline__item">
              <span>
                <strong>{t(`refunds.step.${e.step}`)}</strong>
                <span className="refund-actor">{t(`refunds.actor.${e.actor}`)}</span>
              </span>
              <time dateTime={e.at}>{formatDate(e.at, 'YYYY-MM-DD HH:mm:ss')}</time>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** `/store/refunds/:id`: one refund, its state and timeline landing live, and the return's form when it is due. */
export function RefundDetailScreen() {
  const { t } = useTranslation('store');
  const id = useParams().id ?? '';
  const [refund, retry] = useLoad((signal) => fetchRefund(id, signal), [id]);
  const pushed = useLiveRefunds();
  return (
    <Screen nav={{ title: t('routes.refundDetail', { ns: 'translation' }) }}>
      <LoadingOr state={refund} onRetry={retry}>
        {(data) => <RefundDetail refund={pushed[data.id] ?? data} onChanged={retry} />}
      </LoadingOr>
    </Screen>
  );
}
