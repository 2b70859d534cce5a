import { useTranslation } from 'react-i18next';

/** − n +, clamped to 1…max (the stock): the plus is disabled at the stock, the minus at one. */
export function Stepper({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (n: number) => void;
}) {
  const { t } = useTranslation('store');
  return (
    <span className="stepper" data-testid="stepper">
      <button
        type="button"
        aria-label={t('cart.less')}
        disabled={value <= 1}
        onClick={() => onChange(value - 1)}
      >
        {'−'}
      </button>
      <output aria-live="polite">{value}</output>
      <button
        type="button"
        aria-label={t('cart.more')}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        {'+'}
      </button>
    </span>
  );
}
