import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../lib/forms.ts';
import { messageOf } from '../../lib/http/ApiError.ts';
import { Button } from '../../shared-ui/Button.tsx';
import { Field } from '../../shared-ui/Field.tsx';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { FormError } from '../../shared-ui/useFormSubmit.tsx';
import { createIssue } from './adminApi.ts';
import { EMPTY_NEW_IPO, type NewIpoField, type NewIpoForm, parseNewIpo } from './newIpoForm.ts';

/** Back office creates an upcoming issue: the timeline follows from T on the exchange calendar. */
export function NewIpoCard({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState<NewIpoForm>(EMPTY_NEW_IPO);
  const [errors, setErrors] = useState<FieldErrors<NewIpoField>>({});
  // The form stays after a success, ready for the next issue: not useFormSubmit's leave-on-success.
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const field = (name: NewIpoField, extra: { type?: string; inputMode?: 'numeric' | 'decimal' } = {}) => (
    <Field
      label={t(`create.${name}`)}
      name={name}
      value={form[name]}
      onChange={(value) => setForm((f) => ({ ...f, [name]: value }))}
      error={errors[name]}
      data-testid={`new-ipo-${name}`}
      {...extra}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseNewIpo(form);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const created = await createIssue(parsed.body);
      toast.success(
        t('create.created', { code: created.code, name: created.name, date: created.subscriptionDate }),
      );
      setForm(EMPTY_NEW_IPO);
      onCreated();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form admin-card" onSubmit={submit} noValidate aria-labelledby="admin-create-title">
      <h2 className="admin-card__title" id="admin-create-title">
        {t('create.title')}
      </h2>
      {field('code', { inputMode: 'numeric' })}
      {field('name')}
      {field('price', { inputMode: 'decimal' })}
      {field('onlineShares', { inputMode: 'numeric' })}
      {field('subscriptionDate', { type: 'date' })}
      {field('listingDate', { type: 'date' })}
      <p className="form__hint">{t('create.listingHint')}</p>
      <FormError message={failure} />
      <Button type="submit" block disabled={busy} testId="new-ipo-submit">
        {t('create.submit')}
      </Button>
    </form>
  );
}
