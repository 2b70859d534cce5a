import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'ghost' | 'danger';
  /** Full width. */
  block?: boolean;
  testId?: string;
}

/** The app's 44px-high button; `type` defaults to "button" so it never submits by accident. */
export function Button({
  variant = 'primary',
  block,
  testId,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${variant}`, block ? 'button--block' : '', className ?? ''].filter(
    Boolean,
  );
  return <button {...rest} type={type} className={classes.join(' ')} data-testid={testId} />;
}
