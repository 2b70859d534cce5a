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
  // Labels change with the language; the frame with the window (a web font swapping in too).
  // biome-ignore lint/correctness/useExhaustiveDependencies: options are what changes the row's width
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    document.fonts?.addEventListener('loadingdone', measure);
    return () => {
      window.removeEventListener('resize', measure);
      document.fonts?.removeEventListener('loadingdone', measure);
    };
  }, [measure, options]);
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
