import { MAX_REVIEW_LENGTH, MAX_REVIEW_PICTURES } from '@bourse/shared';
import { type ChangeEvent, type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { FieldErrors } from '../../../lib/forms.ts';
import { dataOf } from '../../../lib/loadable.ts';
import { useLoad } from '../../../lib/useLoad.ts';
import { Button } from '../../../shared-ui/Button.tsx';
import { Icon } from '../../../shared-ui/Icon.tsx';
import { LoadState } from '../../../shared-ui/LoadState.tsx';
import { Screen } from '../../../shared-ui/Screen.tsx';
import { TextAreaField } from '../../../shared-ui/TextAreaField.tsx';
import { toast } from '../../../shared-ui/toast/toastStore.ts';
import { FormError, useFormSubmit } from '../../../shared-ui/useFormSubmit.tsx';
import { OrderLine } from '../OrderLine.tsx';
import { fetchOrder } from '../shoppingApi.ts';
import { type ReviewField, type ReviewForm, validateReview } from './reviewForm.ts';
import { writeReview } from './reviewsApi.ts';
import { StarPicker } from './Stars.tsx';
import '../store.css';
import './reviews.css';

const SCORES = ['productScore', 'serviceScore', 'postageScore'] as const;

/** Thumbnails of the chosen pictures, each removable; object URLs are released when they change. */
function ChosenPictures({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation('store');
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(
    () => () => {
      for (const u of urls) URL.revokeObjectURL(u);
    },
    [urls],
  );
  return (
    <ul className="review-form__pictures" data-testid="review-chosen-pictures">
      {urls.map((src, i) => (
        <li key={src}>
          <img src={src} alt="" width={72} height={72} />
          <button
            type="button"
            className="review-form__remove"
            onClick={() => onRemove(i)}
            aria-label={t('reviews.removePicture', { n: i + 1 })}
          >
            <Icon name="close" size={14} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** `/store/review?orderId=&lineId=`: review one received item: three scores, the text, up to six pictures. */
export function WriteReviewScreen() {
  const { t } = useTranslation('store');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const lineId = Number(params.get('lineId'));
  const fileId = useId();
  const [order, retry] = useLoad((signal) => fetchOrder(orderId, signal), [orderId]);
  const line = dataOf(order)?.lines.find((l) => l.lineId === lineId);
  const [form, setForm] = useState<ReviewForm>({
    orderId,
    lineId,
    content: '',
    productScore: 5,
    serviceScore: 5,
    postageScore: 5,
    pictures: [],
  });
  const [errors, setErrors] = useState<FieldErrors<ReviewField>>({});
  const { busy, failure, run } = useFormSubmit();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    setForm((f) => ({ ...f, pictures: [...f.pictures, ...chosen].slice(0, MAX_REVIEW_PICTURES) }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateReview(form);
    setErrors(validation.ok ? {} : validation.errors);
    if (!validation.ok) return;
    await run(async () => {
      await writeReview(validation.body, validation.pictures);
      toast.success(t('reviews.sent'), 2500);
      navigate(`/orders/${orderId}`, { replace: true });
    });
  };

  return (
    <Screen nav={{ title: t('routes.writeReview', { ns: 'translation' }) }}>
      {!line ? (
        <LoadState state={order} onRetry={retry} empty="" />
      ) : line.reviewed ? (
        <p className="store-empty">{t('reviews.already')}</p>
      ) : (
        <form className="card form review-form" onSubmit={submit} noValidate aria-label={t('reviews.write')}>
          <OrderLine line={line} />
          {SCORES.map((score) => (
            <StarPicker
              key={score}
              label={t(`reviews.${score}`)}
              value={form[score]}
              onChange={(value) => setForm((f) => ({ ...f, [score]: value }))}
              testId={`review-${score}`}
            />
          ))}
          <TextAreaField
            label={t('reviews.content')}
            rows={5}
            maxLength={MAX_REVIEW_LENGTH}
            placeholder={t('reviews.contentHint')}
            value={form.content}
            onChange={(content) => {
              setForm((f) => ({ ...f, content }));
              setErrors(({ content: _fixed, ...rest }) => rest);
            }}
            error={errors.content}
            data-testid="review-content"
          />
          <div className="review-form__picker">
            <span className="field__label">
              {t('reviews.picturesCount', { n: form.pictures.length, max: MAX_REVIEW_PICTURES })}
            </span>
            <ChosenPictures
              files={form.pictures}
              onRemove={(index) =>
                setForm((f) => ({ ...f, pictures: f.pictures.filter((_, i) => i !== index) }))
              }
            />
            {form.pictures.length < MAX_REVIEW_PICTURES ? (
              <label className="button button--ghost review-form__choose" htmlFor={fileId}>
                {t('reviews.addPictures')}
              </label>
            ) : null}
            <input
              id={fileId}
              className="visually-hidden"
              type="file"
              multiple
              accept="image/png,image/jpeg,image/webp"
              onChange={choose}
              data-testid="review-pictures"
            />
            {errors.pictures ? (
              <p className="field__error" role="alert">
                {errors.pictures}
              </p>
            ) : (
              <p className="form__hint">{t('reviews.picturesHint')}</p>
            )}
          </div>
          <FormError message={failure} />
          <Button type="submit" block disabled={busy} testId="review-submit">
            {t('reviews.submit')}
          </Button>
        </form>
      )}
    </Screen>
  );
}
