const NONE: ReadonlySet<never> = new Set();

/**
 * Who watches what, both ways: key → subscribers for the flush (its cost follows what is
 * delivered, not the number of sockets), subscriber → keys for limits and cleanup.
 * Keys are symbols or list names; a subscriber is whatever the caller uses (a socket).
 */
export class SubscriptionIndex<S> {
  private readonly byKey = new Map<string, Set<S>>();
  private readonly bySubscriber = new Map<S, Set<string>>();

  add(subscriber: S, keys: Iterable<string>): void {
    let mine = this.bySubscriber.get(subscriber);
    for (const key of keys) {
      if (!mine) {
        mine = new Set();
        this.bySubscriber.set(subscriber, mine);
      }
      mine.add(key);
      let watchers = this.byKey.get(key);
      if (!watchers) {
        watchers = new Set();
        this.byKey.set(key, watchers);
      }
      watchers.add(subscriber);
    }
  }

  remove(subscriber: S, keys: Iterable<string>): void {
    const mine = this.bySubscriber.get(subscriber);
    if (!mine) return;
    for (const key of keys) {
      if (!mine.delete(key)) continue;
      const watchers = this.byKey.get(key);
      watchers?.delete(subscriber);
      if (watchers?.size === 0) this.byKey.delete(key);
    }
    if (mine.size === 0) this.bySubscriber.delete(subscriber);
  }

  removeAll(subscriber: S): void {
    const mine = this.bySubscriber.get(subscriber);
    if (mine) this.remove(subscriber, [...mine]);
  }

  has(subscriber: S, key: string): boolean {
    return this.bySubscriber.get(subscriber)?.has(key) ?? false;
  }

  keysOf(subscriber: S): ReadonlySet<string> {
    return this.bySubscriber.get(subscriber) ?? NONE;
  }

  subscribersOf(key: string): ReadonlySet<S> {
    return this.byKey.get(key) ?? NONE;
  }

  /** How many keys the subscriber would watch after adding these: the per-socket limit checks it first. */
  countWith(subscriber: S, keys: readonly string[]): number {
    const mine = this.keysOf(subscriber);
    let added = 0;
    for (const key of new Set(keys)) if (!mine.has(key)) added++;
    return mine.size + added;
  }

  /** Subscribers that watch at least one key. */
  subscribers(): IterableIterator<S> {
    return this.bySubscriber.keys();
  }

  get subscriberCount(): number {
    return this.bySubscriber.size;
  }
}
