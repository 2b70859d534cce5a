import type { MessageView } from '@bourse/shared';
import { create } from 'zustand';

export interface MessageState {
  /** Unread messages of the signed-in user; null until counted. */
  unread: number | null;
  /** Messages pushed over /user since the inbox was last loaded, newest first. */
  arrived: MessageView[];
}

export interface MessageActions {
  setUnread(unread: number): void;
  /** A message pushed live: one more unread, and first in the list. */
  receive(message: MessageView): void;
  /** Logged out: forget everything. */
  reset(): void;
}

export const initialMessageState = (): MessageState => ({ unread: null, arrived: [] });

export const useMessageStore = create<MessageState & MessageActions>((set) => ({
  ...initialMessageState(),
  setUnread: (unread) => set({ unread }),
  receive: (message) =>
    set((state) =>
      state.arrived.some((m) => m.id === message.id)
        ? {}
        : {
            arrived: [message, ...state.arrived],
            unread: state.unread === null || message.read ? state.unread : state.unread + 1,
          },
    ),
  reset: () => set(initialMessageState()),
}));
