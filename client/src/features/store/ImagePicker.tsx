import { type ChangeEvent, useId } from 'react';
import './ImagePicker.css';

/**
 * One image to upload beside a form (payment evidence, a refund's proof): its name once chosen,
 * a button to choose it, and its error or hint. Test ids: `${testId}` (the input) and `${testId}-name`.
 */
export function ImagePicker({
  file,
  error,
  onChoose,
  labels,
  testId,
}: {
  file: File | null;
  error?: string | undefined;
  onChoose: (file: File | null) => void;
  labels: { label: string; choose: string; hint: string };
  testId: string;
}) {
  const fileId = useId();
  return (
    <div className="evidence-picker">
      <span className="field__label">{labels.label}</span>
      {file ? (
        <p className="evidence-picker__name" data-testid={`${testId}-name`}>
          {file.name}
        </p>
      ) : null}
      <label className="button button--ghost evidence-picker__choose" htmlFor={fileId}>
        {labels.choose}
      </label>
      {/* Remounted when the form is cleared, so choosing the same file again is a change. */}
      <input
        key={file ? 'chosen' : 'empty'}
        id={fileId}
        className="visually-hidden"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChoose(event.target.files?.[0] ?? null)}
        data-testid={testId}
      />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : (
        <p className="form__hint">{labels.hint}</p>
      )}
    </div>
  );
}
