import type { ReactNode } from 'react';
import type { usePagedList } from '../lib/usePagedList.ts';
import { PullRefreshList } from './PullRefreshList.tsx';

/** A paged list in the pull-refresh list: its rows, or `empty` once it is known to have none. */
export function PagedList({
  list,
  empty,
  emptyTestId,
  children,
}: {
  list: Pick<ReturnType<typeof usePagedList>, 'loadMore' | 'refresh' | 'finished'> & {
    items: readonly unknown[];
  };
  empty: string;
  emptyTestId: string;
  children: ReactNode;
}) {
  return (
    <PullRefreshList onLoad={list.loadMore} onRefresh={list.refresh} finished={list.finished}>
      {list.finished && list.items.length === 0 ? (
        <p className="load-state" data-testid={emptyTestId}>
          {empty}
        </p>
      ) : (
        children
      )}
    </PullRefreshList>
  );
}
