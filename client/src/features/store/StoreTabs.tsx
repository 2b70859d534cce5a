/**
 * A storefront list's tab row (orders, after-sale): one tab chosen, each with its label and, when
 * given, a count. Test ids: `${testId}-${key}`.
 */
export function StoreTabs<K extends string>({
  keys,
  value,
  onChange,
  label,
  count,
  testId,
}: {
  keys: readonly K[];
  value: K;
  onChange: (key: K) => void;
  label: (key: K) => string;
  count?: (key: K) => number;
  testId: string;
}) {
  return (
    <div className="order-tabs" role="tablist">
      {keys.map((key) => {
        const n = count?.(key) ?? 0;
        return (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={value === key}
            className={`order-tab${value === key ? ' order-tab--on' : ''}`}
            onClick={() => onChange(key)}
            data-testid={`${testId}-${key}`}
          >
            {label(key)}
            {n > 0 ? <span className="order-tab__count">{n}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
