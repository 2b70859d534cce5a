import { type RefObject, useEffect, useRef, useState } from 'react';

/** A new board order waits this long after the last touch or scroll, so the list has come to rest. */
export const RESORT_SETTLE_MS = 600;

/**
 * When a re-sorted board may replace the one on screen: not while a finger is on the list, and
 * not until it has rested `settleMs` after the last scroll or release, so a row never moves
 * from under the finger that is about to tap it. Times are passed in: the rule is testable.
 */
export class OrderHold {
  private pressed = false;
  private restsAt = 0;

  constructor(private readonly settleMs: number) {}

  press(): void {
    this.pressed = true;
  }

  release(now: number): void {
    this.pressed = false;
    this.restsAt = now + this.settleMs;
  }

  scrolled(now: number): void {
    this.restsAt = now + this.settleMs;
  }

  /** How long a waiting order must still wait: 0 now, Infinity while the list is pressed. */
  waitAt(now: number): number {
    return this.pressed ? Number.POSITIVE_INFINITY : Math.max(0, this.restsAt - now);
  }
}

/**
 * `symbols` in the order to show: a refresh of the same board waits while the user touches or
 * scrolls `list` (see OrderHold); a new board or sort (`sortKey`), or a first answer, shows at once.
 */
export function useHeldOrder(
  symbols: readonly string[],
  sortKey: string,
  list: RefObject<HTMLElement | null>,
): readonly string[] {
  const [shown, setShown] = useState({ symbols, sortKey });
  const hold = useRef(new OrderHold(RESORT_SETTLE_MS));

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const press = () => hold.current.press();
    const release = () => hold.current.release(Date.now());
    const scrolled = () => hold.current.scrolled(Date.now());
    element.addEventListener('pointerdown', press, { passive: true });
    element.addEventListener('scroll', scrolled, { passive: true });
    // Released anywhere: a finger can leave the list before it lifts.
    window.addEventListener('pointerup', release, { passive: true });
    window.addEventListener('pointercancel', release, { passive: true });
    return () => {
      element.removeEventListener('pointerdown', press);
      element.removeEventListener('scroll', scrolled);
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
    };
  }, [list]);

  useEffect(() => {
    if (symbols === shown.symbols) return;
    if (sortKey !== shown.sortKey || shown.symbols.length === 0) {
      setShown({ symbols, sortKey });
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const applyWhenAtRest = () => {
      const wait = hold.current.waitAt(Date.now());
      if (wait === 0) setShown({ symbols, sortKey });
      // While pressed, look again after a settle time: the release sets the real wait.
      else timer = setTimeout(applyWhenAtRest, Number.isFinite(wait) ? wait : RESORT_SETTLE_MS);
    };
    applyWhenAtRest();
    return () => clearTimeout(timer);
  }, [symbols, sortKey, shown]);

  return shown.symbols;
}
