/**
 * What a message's per-symbol `seq` says against the last one applied. Quote, book and rank
 * messages carry full state, and the gateway's conflation skips `seq` values on purpose
 * (docs/adr/0004), so for them only `stale` matters. Trade ticks are increments: for them a
 * `gap` means ticks were dropped and the symbol is resubscribed for a fresh snapshot.
 */
export type SeqVerdict =
  /** Nothing applied yet for this key. */
  | 'first'
  /** Exactly the next one. */
  | 'next'
  /** Newer, with numbers missing in between. */
  | 'gap'
  /** Lower number but published later: the feed restarted (failover); start again from it. */
  | 'reset'
  /** Already applied or older: drop it. */
  | 'stale';

export interface Sequenced {
  seq: number;
  /** Publish time, ms since the epoch. */
  ts: number;
}

export function judgeSeq(next: Sequenced, last: Sequenced | undefined): SeqVerdict {
  if (!last) return 'first';
  if (next.seq === last.seq + 1) return 'next';
  if (next.seq > last.seq) return 'gap';
  if (next.seq < last.seq && next.ts > last.ts) return 'reset';
  return 'stale';
}

export const isStale = (next: Sequenced, last: Sequenced | undefined): boolean =>
  judgeSeq(next, last) === 'stale';
