import { useEffect, useRef, useState } from 'react';

/**
 * `value`, changing at most once per `intervalMs`: the first value at once, later ones when the
 * interval since the last shown change has passed (the latest wins, none is queued).
 */
export function useThrottled<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const lastShownAt = useRef(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = lastShownAt.current + intervalMs - Date.now();
    const show = () => {
      lastShownAt.current = Date.now();
      setShown(value);
    };
    if (wait <= 0) {
      show();
      return;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [value, shown, intervalMs]);
  return shown;
}
