import { useEffect } from 'react';
import { useSession } from '../session/index.ts';
import { useFollows } from './followStore.ts';
import { fetchFollows } from './storeApi.ts';

/** Loads which shops the signed-in user follows, once per session; forgets them at logout. */
export function useLoadFollows(): void {
  const token = useSession((s) => s.token);
  const setFollowed = useFollows((s) => s.setFollowed);
  const listAsked = useFollows((s) => s.listAsked);
  useEffect(() => {
    if (!token) {
      setFollowed(null);
      return;
    }
    const controller = new AbortController();
    listAsked();
    fetchFollows(controller.signal).then(
      (answer) => setFollowed(answer.shopIds),
      // Without the list every shop shows "Follow"; following still works and answers the truth.
      () => undefined,
    );
    return () => controller.abort();
  }, [token, setFollowed, listAsked]);
}
