import {
  ALERT_COOLDOWN_MINUTES,
  createAlertSchema,
  LEVEL_KINDS,
  PERCENT_KINDS,
  PRICE_ALERT_KINDS,
  type PriceAlertKind,
} from '@bourse/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, fieldErrors, hasErrors } from '../../lib/forms.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { Segmented } from '../../shared-ui/Segmented.tsx';
import { Sheet } from '../../shared-ui/Sheet.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../shared-ui/useFormSubmit.tsx';
import { createAlert } from './alertsApi.ts';
import './alerts.css';

type Frequency = 'once' | 'repeat';
type AlertField = 'kind' | 'level' | 'percent' | 'cooldownMinutes';

/** The form's fields as the contract reads them: only what the kind and the frequency use. */
export function alertBody(
  symbol: string,
  form: { kind: PriceAlertKind; level: string; percent: string; frequency: Frequency; cooldown: string },
) {
  return {
    symbol,
    kind: form.kind,
    ...(LEVEL_KINDS.has(form.kind) ? { level: form.level.trim() } : {}),
    ...(PERCENT_KINDS.has(form.kind) ? { percent: form.percent.trim() } : {}),
    repeat: form.frequency === 'repeat',
    ...(form.frequency === 'repeat' ? { cooldownMinutes: Number(form.cooldown) } : {}),
  };
}

/** A sheet that sets a price alert on one stock: what to watch, the level or change, once or every time. */
export function AlertSheet({
  symbol,
  name,
  price,
  onClose,
}: {
  symbol: string;
  name: string;
  /** The last price, shown beside the level and offered as its start. */
  price: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PriceAlertKind>('above');
  const [level, setLevel] = useState(price ?? '');
  const [percent, setPercent] = useState('5');
  const [frequency, setFrequency] = useState<Frequency>('once');
  const [cooldown, setCooldown] = useState(String(ALERT_COOLDOWN_MINUTES.default));
  const [errors, setErrors] = useState<FieldErrors<AlertField>>({});
  const { busy, failure, run } = useFormSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createAlertSchema.safeParse(
      alertBody(symbol, { kind, level, percent, frequency, cooldown }),
    );
    const found = fieldErrors<AlertField>(parsed);
    setErrors(found);
    if (!parsed.success || hasErrors(found)) return;
    void run(async () => {
      await createAlert(parsed.data);
      toast.success(t('alerts.saved'));
      onClose();
    });
  };

  return (
    <Sheet title={t('alerts.sheetTitle', { name })} onClose={onClose} testId="alert-sheet">
      <form className="form alert-form" onSubmit={submit} noValidate>
        <fieldset className="alert-kinds">
          <legend className="field__label">{t('alerts.kind')}</legend>
          {PRICE_ALERT_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              aria-pressed={kind === k}
              className={`alert-kinds__item${kind === k ? ' alert-kinds__item--active' : ''}`}
              onClick={() => setKind(k)}
              data-testid={`alert-kind-${k}`}
            >
              {t(`alerts.kinds.${k}`)}
            </button>
          ))}
        </fieldset>
        {LEVEL_KINDS.has(kind) ? (
          <Field
            label={t('alerts.level')}
            value={level}
            onChange={setLevel}
            error={errors.level}
            inputMode="decimal"
            placeholder={price ? t('alerts.now', { price }) : undefined}
            data-testid="alert-level"
          />
        ) : null}
        {PERCENT_KINDS.has(kind) ? (
          <Field
            label={t('alerts.percent')}
            value={percent}
            onChange={setPercent}
            error={errors.percent}
            inputMode="decimal"
            data-testid="alert-percent"
          />
        ) : null}
        <div className="field">
          <span className="field__label">{t('alerts.frequency')}</span>
          <Segmented
            options={(['once', 'repeat'] as const).map((f) => ({ value: f, label: t(`alerts.${f}`) }))}
            value={frequency}
            onChange={setFrequency}
            label={t('alerts.frequency')}
            testId="alert-frequency"
            inline
          />
        </div>
        {frequency === 'repeat' ? (
          <Field
            label={t('alerts.cooldown')}
            value={cooldown}
            onChange={setCooldown}
            error={errors.cooldownMinutes}
            inputMode="numeric"
            data-testid="alert-cooldown"
          />
        ) : null}
        <FormError message={failure ?? errors.kind} />
        <Button type="submit" block disabled={busy} testId="alert-save">
          {t('alerts.save')}
        </Button>
      </form>
    </Sheet>
  );
}
