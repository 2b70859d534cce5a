import type { SupportMessage } from '@bourse/shared';

/** The seq of the last message held: what a sync asks to follow. */
export const lastSeqOf = (held: readonly SupportMessage[]): number => held.at(-1)?.seq ?? 0;

/**
 * A live message that does not follow the last one held: some were missed (the socket
 * dropped, an event was lost), so the thread must sync before it shows this one.
 */
export const followsGap = (held: readonly SupportMessage[], message: SupportMessage): boolean =>
  message.seq > lastSeqOf(held) + 1;

/** The messages held and the new ones, by seq, each once. */
export function mergeMessages(
  held: readonly SupportMessage[],
  incoming: readonly SupportMessage[],
): SupportMessage[] {
  const bySeq = new Map(held.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Messages of `author` after a read mark: what the other side has not read yet. */
export const unreadOf = (
  held: readonly SupportMessage[],
  author: SupportMessage['author'],
  readSeq: number,
) => held.filter((m) => m.author === author && m.seq > readSeq).length;
