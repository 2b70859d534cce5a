import { useState } from 'react';
import { messageOf } from '../lib/http/ApiError.ts';

/**
 * The busy flag and the failure message of a form's submit: `run` clears the old failure,
 * keeps the form busy until the action settles, and on failure shows why. On success the form
 * stays busy, since the screen is about to be left, unless `staying` says the form stays on
 * screen for another submit.
 */
export function useFormSubmit() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const run = async (action: () => Promise<void>, { staying = false } = {}) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await action();
      if (staying) setBusy(false);
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, run };
}

/** A form's failure, announced; the e2e harness finds it by its test id. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form__error" role="alert" data-testid="form-error">
      {message}
    </p>
  );
}
