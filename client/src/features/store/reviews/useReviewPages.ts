import type { ReviewPage } from '@bourse/shared';
import { useCallback, useEffect, useState } from 'react';

/** A newest-first review list loaded a cursor page at a time: reload from the top, or load the next page. */
export function useReviewPages<P extends ReviewPage>(fetchPage: (cursor: string | undefined) => Promise<P>) {
  const [page, setPage] = useState<P | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setPage(await fetchPage(undefined));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [fetchPage]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const more = async () => {
    if (!page?.nextCursor) return;
    const next = await fetchPage(page.nextCursor);
    setPage({ ...next, items: [...page.items, ...next.items] });
  };
  return { page, error, reload, more, finished: page !== null && page.nextCursor === null };
}
