/**
 * Reference counts of what screens want streamed: two screens (or the home watchlist and the
 * market list) may want the same symbol, and it stays subscribed until the last lets go.
 */
export class RefCounter<K> {
  private readonly counts = new Map<K, number>();

  /** Counts each key once more; returns the keys that went from 0 to 1. */
  retain(keys: Iterable<K>): K[] {
    const added: K[] = [];
    for (const key of keys) {
      const count = this.counts.get(key) ?? 0;
      this.counts.set(key, count + 1);
      if (count === 0) added.push(key);
    }
    return added;
  }

  /** Counts each key once less; returns the keys nobody wants any more. */
  release(keys: Iterable<K>): K[] {
    const removed: K[] = [];
    for (const key of keys) {
      const count = this.counts.get(key);
      if (count === undefined) continue;
      if (count <= 1) {
        this.counts.delete(key);
        removed.push(key);
      } else {
        this.counts.set(key, count - 1);
      }
    }
    return removed;
  }

  has(key: K): boolean {
    return this.counts.has(key);
  }

  count(key: K): number {
    return this.counts.get(key) ?? 0;
  }

  keys(): K[] {
    return [...this.counts.keys()];
  }

  get size(): number {
    return this.counts.size;
  }
}

/** What to subscribe and unsubscribe to go from `current` to `wanted`. */
export function diffSets<K>(
  current: ReadonlySet<K>,
  wanted: ReadonlySet<K>,
): { subscribe: K[]; unsubscribe: K[] } {
  const subscribe: K[] = [];
  const unsubscribe: K[] = [];
  for (const key of wanted) if (!current.has(key)) subscribe.push(key);
  for (const key of current) if (!wanted.has(key)) unsubscribe.push(key);
  return { subscribe, unsubscribe };
}

/** `items` in chunks of at most `size` (the server takes at most 300 symbols per request). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
