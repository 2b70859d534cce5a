/** SVG points of a line through `values` scaled into width × height (y grows downwards). */
export function sparklinePoints(
  values: readonly number[],
  width: number,
  height: number,
  base?: number,
): string {
  if (values.length === 0) return '';
  const all = base === undefined ? values : [...values, base];
  const min = Math.min(...all);
  const max = Math.max(...all);
  const span = max - min || 1;
  const dx = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((v, i) => `${(i * dx).toFixed(1)},${(height - ((v - min) / span) * height).toFixed(1)}`)
    .join(' ');
}

/** A small price line without axes, drawn in the current text colour. */
export function Sparkline({ values, base }: { values: readonly number[]; base?: number }) {
  const width = 100;
  const height = 32;
  return (
    <svg
      className="sparkline"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="sparkline"
    >
      <polyline
        points={sparklinePoints(values, width, height, base)}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
