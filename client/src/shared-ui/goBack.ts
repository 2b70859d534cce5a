import type { NavigateFunction } from 'react-router-dom';

/** react-router keeps the history index in history.state; 0 means the app was entered here. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** Back in history when there is somewhere in the app to go back to, else to `fallback`. */
export function goBack(navigate: NavigateFunction, fallback: string): void {
  if (canGoBack()) void navigate(-1);
  else void navigate(fallback, { replace: true });
}
