import type { ReactNode } from 'react';
import { NameCode } from '../../shared-ui/NameCode.tsx';

export interface Figure {
  id: string;
  label: string;
  value: ReactNode;
}

/** Label-over-value pairs in a grid; each value is found by the test id `${testIdPrefix}-${id}`. */
export function FigureGrid({
  figures,
  className,
  testIdPrefix,
}: {
  figures: readonly Figure[];
  className: string;
  testIdPrefix?: string;
}) {
  return (
    <dl className={className}>
      {figures.map((f) => (
        <div key={f.id}>
          <dt>{f.label}</dt>
          <dd data-testid={testIdPrefix ? `${testIdPrefix}-${f.id}` : undefined}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A position card's first line: the stock, then its headline figures on the right. */
export function PositionHead({
  name,
  symbol,
  headline,
}: {
  name: string;
  symbol: string;
  headline: readonly { label: string; value: ReactNode }[];
}) {
  return (
    <div className="position-card__head">
      <NameCode name={name} symbol={symbol} />
      {headline.map((h) => (
        <div key={h.label} className="position-card__value">
          <span className="position-card__label">{h.label}</span>
          {h.value}
        </div>
      ))}
    </div>
  );
}
