import { useId } from 'react';
import './pinInput.css';

export const PIN_LENGTH = 6;
const POSITIONS = [0, 1, 2, 3, 4, 5] as const;

export interface PinInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once the last digit is typed, with all of them. */
  onComplete?: (value: string) => void;
  /** A translated message under the boxes, announced. */
  error?: string;
  /** Shown but not editable (while the entry is checked); the focus and the keyboard stay. */
  readOnly?: boolean;
  autoFocus?: boolean;
  testId?: string;
}

/**
 * Six boxes for a digits-only secret, like a payment keypad: one real input (numeric keyboard,
 * digits only, at most six) lies over the boxes, which show a dot per digit typed.
 */
export function PinInput({
  label,
  value,
  onChange,
  onComplete,
  error,
  readOnly,
  autoFocus,
  testId,
}: PinInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const change = (raw: string) => {
    const digits = raw.replace(/\D/g, '').slice(0, PIN_LENGTH);
    onChange(digits);
    if (digits.length === PIN_LENGTH && value.length < PIN_LENGTH) onComplete?.(digits);
  };
  return (
    <div className={`pin${error ? ' pin--invalid' : ''}`}>
      <label className="pin__label" htmlFor={id}>
        {label}
      </label>
      <div className="pin__control">
        <input
          id={id}
          className="pin__input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PIN_LENGTH}
          value={value}
          readOnly={readOnly}
          // biome-ignore lint/a11y/noAutofocus: a sheet that asks only for this wants the keyboard up
          autoFocus={autoFocus}
          onChange={(e) => change(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
        />
        <div className="pin__boxes" aria-hidden="true">
          {POSITIONS.map((position) => (
            <span key={position} className={`pin__box${position === value.length ? ' pin__box--next' : ''}`}>
              {position < value.length ? <span className="pin__dot" /> : null}
            </span>
          ))}
        </div>
      </div>
      {error ? (
        <p className="pin__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
