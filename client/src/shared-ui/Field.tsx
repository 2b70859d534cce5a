import { type InputHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A translated message shown under the input and announced to screen readers. */
  error?: string;
  /** For type="password": a show/hide toggle. */
  revealable?: boolean;
}

/** A labelled text input with its error; the label is the input's accessible name. */
export function Field({ label, value, onChange, error, revealable, type = 'text', id, ...rest }: FieldProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const [revealed, setRevealed] = useState(false);
  const inputType = revealable && revealed ? 'text' : type;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        <input
          {...rest}
          id={inputId}
          className="field__input"
          type={inputType}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {revealable ? (
          <button
            type="button"
            className="field__reveal"
            onClick={() => setRevealed((r) => !r)}
            aria-label={revealed ? t('form.hidePassword') : t('form.showPassword')}
            aria-pressed={revealed}
          >
            <Icon name={revealed ? 'eyeOff' : 'eye'} size={20} />
          </button>
        ) : null}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's translated error under its input, announced to screen readers; nothing without one. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field__error" id={id} role="alert">
      {error}
    </p>
  ) : null;
}
