import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from './Icon.tsx';

/** A white card of rows. */
export function CellGroup({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="cell-group">
      {title ? <h2 className="cell-group__title">{title}</h2> : null}
      <div className="cell-group__body">{children}</div>
    </section>
  );
}

/** One row of a CellGroup: a link when `to` is given, else plain content. */
export function Cell({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value?: ReactNode;
  to?: string;
  testId?: string;
}) {
  const content = (
    <>
      <span className="cell__label">{label}</span>
      {value !== undefined ? <span className="cell__value">{value}</span> : null}
      {to ? <Icon name="chevron" size={18} /> : null}
    </>
  );
  return to ? (
    <Link className="cell cell--link" to={to} data-testid={testId}>
      {content}
    </Link>
  ) : (
    <div className="cell" data-testid={testId}>
      {content}
    </div>
  );
}
