import type { SubscriptionIndex } from './subscriptionIndex.ts';

/** Per-symbol rooms: the window's keys go out once each; skipped subscribers are left out and owed. */
export interface RoomsDrain<S> {
  keys: string[];
  skipped: S[];
  /** Subscribers that were skipped before and can take their owed keys now, each sent on its own. */
  catchUp: Map<S, string[]>;
}

/**
 * Conflation for every socket of the process with one flush timer: a key touched any number of
 * times in a window is sent once, with whatever the state holds at the flush (always the latest
 * values). A subscriber whose transport is backed up is skipped and owed its keys instead of
 * queueing frames: it gets the latest values when it has drained, never a backlog.
 */
export class Conflator<S> {
  private dirty = new Set<string>();
  private readonly owed = new Map<S, Set<string>>();

  constructor(private readonly index: SubscriptionIndex<S>) {}

  /** A key nobody here watches is not marked: a room broadcast of it would be encoded for nobody. */
  touch(key: string): void {
    if (this.index.subscribersOf(key).size > 0) this.dirty.add(key);
  }

  /** Called when a subscriber leaves: what it was owed goes with it. */
  forget(subscriber: S): void {
    this.owed.delete(subscriber);
  }

  /** Per-socket batches: each subscriber's keys of the window (cost: the deliveries, not sockets × keys). */
  drainBatches(isBackedUp: (subscriber: S) => boolean): Map<S, string[]> {
    const dirty = this.takeDirty();
    const batches = new Map<S, string[]>();
    for (const key of dirty) {
      for (const subscriber of this.index.subscribersOf(key)) {
        const batch = batches.get(subscriber);
        if (batch) batch.push(key);
        else batches.set(subscriber, [key]);
      }
    }
    for (const [subscriber, owed] of this.owed) {
      const batch = batches.get(subscriber) ?? [];
      for (const key of owed) if (!dirty.has(key) && this.index.has(subscriber, key)) batch.push(key);
      if (batch.length > 0) batches.set(subscriber, batch);
    }
    this.owed.clear();
    for (const [subscriber, keys] of batches) {
      if (!isBackedUp(subscriber)) continue;
      this.owed.set(subscriber, new Set(keys));
      batches.delete(subscriber);
    }
    return batches;
  }

  /** Per-key room broadcasts: checks every subscriber once per window with news (cost: sockets, not keys). */
  drainRooms(isBackedUp: (subscriber: S) => boolean): RoomsDrain<S> {
    const dirty = this.takeDirty();
    const skipped: S[] = [];
    const catchUp = new Map<S, string[]>();
    // Most windows of a rarely changing channel (the lists) have nothing: no need to visit anyone.
    if (dirty.size === 0 && this.owed.size === 0) return { keys: [], skipped, catchUp };
    for (const subscriber of this.index.subscribers()) {
      const owed = this.owed.get(subscriber);
      if (isBackedUp(subscriber)) {
        skipped.push(subscriber);
        const keys = owed ?? new Set<string>();
        for (const key of this.watchedOf(subscriber, dirty)) keys.add(key);
        if (keys.size > 0) this.owed.set(subscriber, keys);
        continue;
      }
      if (!owed) continue;
      this.owed.delete(subscriber);
      const keys = [...owed].filter((key) => !dirty.has(key) && this.index.has(subscriber, key));
      if (keys.length > 0) catchUp.set(subscriber, keys);
    }
    return { keys: [...dirty], skipped, catchUp };
  }

  private takeDirty(): Set<string> {
    const dirty = this.dirty;
    this.dirty = new Set();
    return dirty;
  }

  /** dirty ∩ the subscriber's keys, walking the smaller of the two. */
  private watchedOf(subscriber: S, dirty: ReadonlySet<string>): string[] {
    const mine = this.index.keysOf(subscriber);
    const [small, large] = mine.size < dirty.size ? [mine, dirty] : [dirty, mine];
    return [...small].filter((key) => large.has(key));
  }
}
