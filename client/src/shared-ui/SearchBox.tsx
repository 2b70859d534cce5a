import { type InputHTMLAttributes, useId } from 'react';
import { Icon } from './Icon.tsx';

export interface SearchBoxProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type' | 'id'> {
  /** The input's accessible name, read by screen readers only. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search field at the top of a search screen: results follow as the user types. */
export function SearchBox({ label, value, onChange, ...rest }: SearchBoxProps) {
  const inputId = useId();
  return (
    <div className="search-box">
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <Icon name="search" size={20} />
      <input
        id={inputId}
        className="search-box__input"
        type="search"
        inputMode="search"
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: search exists to type into this box
        autoFocus
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
    </div>
  );
}
