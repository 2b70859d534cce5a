import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared-ui/Icon.tsx';

/** A number field between − and + buttons; the buttons step, typing sets any value (checked elsewhere). */
export function Stepper({
  label,
  value,
  onChange,
  onStep,
  inputMode,
  placeholder,
  disabled,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onStep: (direction: 1 | -1) => void;
  inputMode: 'decimal' | 'numeric';
  placeholder?: string;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="stepper">
      <label className="stepper__label" htmlFor={id}>
        {label}
      </label>
      <div className="stepper__control">
        <button
          type="button"
          className="stepper__button"
          onClick={() => onStep(-1)}
          disabled={disabled}
          aria-label={t('trade.decrease', { what: label })}
          data-testid={`${testId}-down`}
        >
          <Icon name="minus" size={18} />
        </button>
        <input
          id={id}
          className="stepper__input"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          inputMode={inputMode}
          autoComplete="off"
          placeholder={placeholder}
          disabled={disabled}
          maxLength={12}
          data-testid={testId}
        />
        <button
          type="button"
          className="stepper__button"
          onClick={() => onStep(1)}
          disabled={disabled}
          aria-label={t('trade.increase', { what: label })}
          data-testid={`${testId}-up`}
        >
          <Icon name="plus" size={18} />
        </button>
      </div>
    </div>
  );
}
