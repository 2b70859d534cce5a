import { Link } from 'react-router-dom';

/** Why the screen cannot go on yet, and the way to what it needs first. */
export function NoticeCard({
  text,
  action,
  to,
  testId,
}: {
  text: string;
  action: string;
  to: string;
  testId: string;
}) {
  return (
    <section className="card notice" data-testid={testId}>
      <p>{text}</p>
      <Link className="button button--primary button--block" to={to}>
        {action}
      </Link>
    </section>
  );
}
