import type { ReactNode } from 'react';
import { useLoad } from '../../lib/useLoad.ts';
import { LoadingOr } from '../../shared-ui/LoadingOr.tsx';

/** Items arrive while the desk is open; each queue looks again this often. */
const QUEUE_REFRESH_MS = 15_000;

/**
 * One of the desk's queues: its title (and hint), the list loaded and kept fresh, a line when it
 * is empty, one entry per item. Test ids: `admin-${name}-empty`; the title is `admin-${name}-title`.
 */
export function AdminQueueCard<Data, Item>({
  name,
  title,
  hint,
  load,
  itemsOf,
  empty,
  children,
}: {
  name: string;
  title: string;
  hint?: string;
  load: (signal: AbortSignal) => Promise<Data>;
  itemsOf: (data: Data) => readonly Item[];
  empty: string;
  /** One entry; `reload` after an action that takes it off the queue. */
  children: (item: Item, reload: () => void) => ReactNode;
}) {
  const [state, reload] = useLoad(load, [], { refreshMs: QUEUE_REFRESH_MS });
  return (
    <section className="card admin-card" aria-labelledby={`admin-${name}-title`}>
      <h2 className="admin-card__title" id={`admin-${name}-title`}>
        {title}
      </h2>
      {hint ? <p className="form__hint">{hint}</p> : null}
      <LoadingOr state={state} onRetry={reload}>
        {(data) => {
          const items = itemsOf(data);
          return items.length === 0 ? (
            <p className="admin-card__empty" data-testid={`admin-${name}-empty`}>
              {empty}
            </p>
          ) : (
            <ul className="admin-reviews">{items.map((item) => children(item, reload))}</ul>
          );
        }}
      </LoadingOr>
    </section>
  );
}
