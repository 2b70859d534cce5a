import { useCallback, useEffect, useRef, useState } from 'react';

/** Which ends of a row scrolled sideways hide pills: the cue is a fade at each such end. */
export function hiddenEnds(row: { scrollLeft: number; clientWidth: number; scrollWidth: number }): {
  start: boolean;
  end: boolean;
} {
  // A pixel of slack: scroll positions are fractional on high-density screens.
  return {
    start: row.scrollLeft > 1,
    end: row.scrollLeft + row.clientWidth < row.scrollWidth - 1,
  };
}

/**
 * Tabs drawn as a row of pills; `testId` names each one `${testId}-${value}`. A row wider than
 * the screen scrolls sideways, faded at the end that has more, so the cut pill reads as "more".
 */
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
  const row = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    if (!row.current) return;
    const next = hiddenEnds(row.current);
    setEnds((now) => (now.start === next.start && now.end === next.end ? now : next));
  }, []);
  // Measured when the row or a pill changes size (the window, the language's labels, a web font
  // swapping in), after the browser's own layout: measuring in an effect after every render forced
  // the layout of the whole new screen inside React's commit (20 ms of a phone's start on /trade).
  const labels = options.map((option) => option.label).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: new labels are new pills to observe
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const pill of element.children) observer.observe(pill);
    return () => observer.disconnect();
  }, [measure, labels]);
  return (
    <div
      className={`segmented-frame${ends.start ? ' segmented-frame--more-start' : ''}${ends.end ? ' segmented-frame--more-end' : ''}`}
      data-testid={`${testId}-row`}
    >
      <div
        ref={row}
        className={`segmented${inline ? ' segmented--inline' : ''}`}
        role="tablist"
        aria-label={label}
        onScroll={measure}
      >
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
    </div>
  );
}
