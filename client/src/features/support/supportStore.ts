import type { SupportMessage, SupportReceipt } from '@bourse/shared';
import { create } from 'zustand';
import { mergeMessages, unreadOf } from './thread.ts';

export interface SupportState extends SupportReceipt {
  /** The user's conversation, by seq; held once the chat has been opened (`loaded`). */
  messages: SupportMessage[];
  loaded: boolean;
  /** Staff messages not yet read, from the summary, until the thread is loaded. */
  summaryUnread: number;
  merge(messages: readonly SupportMessage[]): void;
  setReceipt(receipt: SupportReceipt): void;
  setSummaryUnread(unread: number): void;
  markLoaded(): void;
  reset(): void;
}

export const initialSupportState = () => ({
  messages: [],
  loaded: false,
  summaryUnread: 0,
  userReadSeq: 0,
  staffReadSeq: 0,
});

export const useSupportStore = create<SupportState>()((set) => ({
  ...initialSupportState(),
  merge: (incoming) => set((s) => ({ messages: mergeMessages(s.messages, incoming) })),
  // Marks only move forward: a late receipt never undoes a newer one.
  setReceipt: ({ userReadSeq, staffReadSeq }) =>
    set((s) => ({
      userReadSeq: Math.max(s.userReadSeq, userReadSeq),
      staffReadSeq: Math.max(s.staffReadSeq, staffReadSeq),
    })),
  setSummaryUnread: (summaryUnread) => set({ summaryUnread }),
  markLoaded: () => set({ loaded: true }),
  reset: () => set(initialSupportState()),
}));

/** Staff messages the user has not read: counted from the thread once it is held. */
export const selectUnread = (s: SupportState): number =>
  s.loaded ? unreadOf(s.messages, 'staff', s.userReadSeq) : s.summaryUnread;
