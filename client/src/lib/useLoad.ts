import { type DependencyList, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, messageOf } from './http/ApiError.ts';
import { failed, idle, type Loadable, pending, success } from './loadable.ts';

export interface LoadOptions {
  /** Load again this long after each answer, while the page is visible (ms). */
  refreshMs?: number;
  /** false skips loading (e.g. nothing chosen yet). */
  enabled?: boolean;
}

/**
 * Runs `load` when `deps` change (aborting the previous request) and, with `refreshMs`, again
 * after each answer while the page is visible. A refresh keeps the data on screen; new `deps`
 * start from nothing. Returns the state and a function to load again now.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  { refreshMs, enabled = true }: LoadOptions = {},
): [Loadable<T>, () => void] {
  const [state, setState] = useState<Loadable<T>>(idle);
  const loadRef = useRef(load);
  loadRef.current = load;
  const [nonce, setNonce] = useState(0);
  const lastNonce = useRef(0);

  // `deps` are the caller's; `nonce` asks for a reload.
  useEffect(() => {
    if (!enabled) {
      setState(idle());
      return;
    }
    let controller: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = () => {
      if (!stopped && refreshMs !== undefined) timer = setTimeout(run, refreshMs);
    };
    const run = async () => {
      if (document.visibilityState === 'hidden') return schedule();
      controller = new AbortController();
      try {
        const data = await loadRef.current(controller.signal);
        // A transition: React renders the screen the answer fills in slices, yielding to taps
        // between them, rather than in one long task (100–300 ms on a slow phone).
        if (!stopped) startTransition(() => setState(success(data)));
      } catch (error) {
        if (stopped || (isApiError(error) && error.kind === 'aborted')) return;
        setState((previous) => failed(messageOf(error), previous));
      }
      schedule();
    };
    const isReload = nonce !== lastNonce.current;
    lastNonce.current = nonce;
    setState((previous) => (isReload ? pending(previous) : pending()));
    void run();
    return () => {
      stopped = true;
      controller?.abort();
      clearTimeout(timer);
    };
  }, [...deps, enabled, refreshMs, nonce]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return [state, reload];
}
