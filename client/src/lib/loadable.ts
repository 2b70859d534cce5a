/**
 * Async state as one union, never loose `loading`/`error` booleans. `pending` and `error` may
 * keep the data of the previous success, so a refresh or a failed refresh does not blank a
 * screen that already had something to show.
 */
export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'pending'; data?: T }
  | { status: 'success'; data: T }
  /** `error` is translated and fit to show. */
  | { status: 'error'; error: string; data?: T };

export const idle = <T>(): Loadable<T> => ({ status: 'idle' });

/** Loading again; what was there stays visible. */
export function pending<T>(previous?: Loadable<T>): Loadable<T> {
  const data = previous ? dataOf(previous) : undefined;
  return data === undefined ? { status: 'pending' } : { status: 'pending', data };
}

export const success = <T>(data: T): Loadable<T> => ({ status: 'success', data });

/** Failed; what was there stays visible beside the error. */
export function failed<T>(error: string, previous?: Loadable<T>): Loadable<T> {
  const data = previous ? dataOf(previous) : undefined;
  return data === undefined ? { status: 'error', error } : { status: 'error', error, data };
}

/** The data to show, fresh or stale, if there is any. */
export function dataOf<T>(loadable: Loadable<T>): T | undefined {
  return loadable.status === 'idle' ? undefined : loadable.data;
}

/** True while nothing can be shown yet: first load, or about to start it. */
export function isFirstLoad(loadable: Loadable<unknown>): boolean {
  return (loadable.status === 'idle' || loadable.status === 'pending') && dataOf(loadable) === undefined;
}
