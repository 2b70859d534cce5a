import { useEffect, useRef, useState } from 'react';

/** One page of a list and the cursor of the next; null when this was the last. */
export interface Page<T, C> {
  items: T[];
  next: C | null;
}

interface PagedState<T> {
  items: T[];
  finished: boolean;
}

/**
 * A list loaded page by page, made for PullRefreshList: `loadMore` appends the next page (the
 * list asks whenever its end comes near, for the first page too) and `refresh` starts again
 * from the first. Each rejects when its page does not load, which the list shows. Give the
 * component a `key` of its filters: new filters start a new list.
 */
export function usePagedList<T, C>(
  fetchPage: (cursor: C | undefined, signal: AbortSignal) => Promise<Page<T, C>>,
) {
  const [state, setState] = useState<PagedState<T>>({ items: [], finished: false });
  const next = useRef<C | undefined>(undefined);
  const mounted = useRef(true);
  const controller = useRef<AbortController | null>(null);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      controller.current?.abort();
    };
  }, []);

  const load = async (fromStart: boolean): Promise<void> => {
    const abort = new AbortController();
    controller.current = abort;
    const page = await fetchRef.current(fromStart ? undefined : next.current, abort.signal);
    if (!mounted.current) return;
    next.current = page.next ?? undefined;
    setState((s) => ({
      items: fromStart ? page.items : [...s.items, ...page.items],
      finished: page.next === null,
    }));
  };

  return {
    items: state.items,
    finished: state.finished,
    loadMore: () => load(false),
    refresh: () => load(true),
  };
}
