import { REVIEW_SCORES } from '@bourse/shared';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared-ui/Icon.tsx';

/** A score shown as five stars, with the figure for screen readers. */
export function Stars({ score }: { score: number }) {
  const { t } = useTranslation('store');
  return (
    <span className="stars" role="img" aria-label={t('reviews.stars', { n: score })}>
      {REVIEW_SCORES.map((s) => (
        <span key={s} className={`stars__star${s <= score ? ' stars__star--on' : ''}`}>
          <Icon name="star" size={13} />
        </span>
      ))}
    </span>
  );
}

/** One score to choose, 1 to 5: a radio group of stars. */
export function StarPicker({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  onChange: (score: number) => void;
  testId: string;
}) {
  const { t } = useTranslation('store');
  return (
    <fieldset className="star-picker" data-testid={testId}>
      <legend className="star-picker__label">{label}</legend>
      <span className="star-picker__stars">
        {REVIEW_SCORES.map((s) => (
          <label key={s} className={`star-picker__star${s <= value ? ' star-picker__star--on' : ''}`}>
            <input
              className="visually-hidden"
              type="radio"
              name={testId}
              value={s}
              checked={value === s}
              onChange={() => onChange(s)}
              aria-label={t('reviews.stars', { n: s })}
            />
            <Icon name="star" size={26} />
          </label>
        ))}
      </span>
    </fieldset>
  );
}
