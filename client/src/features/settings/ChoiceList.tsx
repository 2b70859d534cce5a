import { Icon } from '../../shared-ui/Icon.tsx';

export interface Choice<V extends string> {
  value: V;
  label: string;
  /** Language of the label, when it is not the UI's (native language names). */
  lang?: string;
  hint?: React.ReactNode;
}

/** A card of mutually exclusive options: a radio group of 44px rows with a check mark. */
export function ChoiceList<V extends string>({
  label,
  choices,
  value,
  onChange,
  testId,
}: {
  label: string;
  choices: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  testId: string;
}) {
  return (
    <section className="cell-group">
      <h2 className="cell-group__title" id={`${testId}-label`}>
        {label}
      </h2>
      <div
        className="cell-group__body"
        role="radiogroup"
        aria-labelledby={`${testId}-label`}
        data-testid={testId}
      >
        {choices.map((choice) => (
          // biome-ignore lint/a11y/useSemanticElements: a full-width row reads better than a styled native radio
          <button
            key={choice.value}
            type="button"
            role="radio"
            aria-checked={choice.value === value}
            className="cell cell--choice"
            onClick={() => onChange(choice.value)}
            data-testid={`${testId}-${choice.value}`}
          >
            <span className="cell__label" lang={choice.lang}>
              {choice.label}
            </span>
            {choice.hint ? <span className="cell__value">{choice.hint}</span> : null}
            <span className="cell__check">
              {choice.value === value ? <Icon name="check" size={20} /> : null}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
