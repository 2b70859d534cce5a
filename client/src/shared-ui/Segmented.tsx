/** Tabs drawn as a row of pills; `testId` names each one `${testId}-${value}`. */
export function Segmented<T extends string>({
  options,
  value,
  onChange,
  label,
  testId,
  inline,
}: {
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  testId: string;
  inline?: boolean;
}) {
  return (
    <div className={`segmented${inline ? ' segmented--inline' : ''}`} role="tablist" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="tab"
          aria-selected={value === option.value}
          className={`segmented__item${value === option.value ? ' segmented__item--active' : ''}`}
          onClick={() => onChange(option.value)}
          data-testid={`${testId}-${option.value}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
