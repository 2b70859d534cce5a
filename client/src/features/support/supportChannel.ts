import {
  SUPPORT_EVENTS,
  type SupportMessage,
  type SupportReceipt,
  supportEventSchemas,
} from '@bourse/shared';
import type { Logger } from '../market/index.ts';
import { askChat, type ChatSocket } from './chatRequests.ts';
import { lastSeqOf } from './thread.ts';
import { ThreadSync } from './threadSync.ts';

/** What the channel reads and writes of the chat's state (the store, or a test's double). */
export interface SupportThreadState {
  messages: readonly SupportMessage[];
  loaded: boolean;
  userReadSeq: number;
  merge(messages: readonly SupportMessage[]): void;
  setReceipt(receipt: SupportReceipt): void;
  markLoaded(): void;
  reset(): void;
}

export interface SupportChannelDeps {
  /** Made once; the /user socket shared with trading and messages. */
  createSocket(): ChatSocket;
  state(): SupportThreadState;
  /** Connected and the thread not loaded: count the unread again for Me's badge. */
  recount(): void;
  /** A staff message arrived while the thread is not loaded (the badge goes up by one). */
  unheard(): void;
  logger: Logger;
}

/**
 * The user's side of the chat on /user. It follows the session like the inbox. Once the chat
 * is opened (`load`), it holds the conversation and keeps it whole (ThreadSync): on every
 * (re)connect and after any gap it asks for what follows the last seq held.
 */
export class SupportChannel {
  private socket: ChatSocket | null = null;
  private token = '';
  private readonly thread: ThreadSync;

  constructor(private readonly deps: SupportChannelDeps) {
    this.thread = new ThreadSync({
      held: () => deps.state().messages,
      apply: ({ messages, userReadSeq, staffReadSeq }) => {
        const state = deps.state();
        state.merge(messages);
        if (userReadSeq !== undefined && staffReadSeq !== undefined)
          state.setReceipt({ userReadSeq, staffReadSeq });
      },
      fetch: (afterSeq) => askChat(this.ensureSocket(), SUPPORT_EVENTS.sync, { afterSeq }),
      live: () => this.token !== '',
      logger: deps.logger,
    });
  }

  bind(token: string): void {
    if (token === this.token) return;
    this.token = token;
    this.socket?.disconnect();
    this.deps.state().reset();
    if (!token) return;
    const socket = this.ensureSocket();
    socket.connect();
    // Shared with the other /user channels: it may be open already, and no 'connect' comes then.
    if (socket.connected) this.deps.recount();
  }

  /** The chat screen opened: hold the conversation from now on. */
  load(): Promise<void> {
    this.deps.state().markLoaded();
    return this.resync();
  }

  async send(text: string): Promise<SupportMessage> {
    const sent = await askChat(this.ensureSocket(), SUPPORT_EVENTS.send, {
      text,
      clientKey: crypto.randomUUID(),
    });
    this.take(sent);
    return sent;
  }

  /** A message that came another way (a picture, sent over HTTP). */
  take(message: SupportMessage): void {
    this.thread.take(message);
  }

  /** The user has seen every message held. */
  async markRead(): Promise<void> {
    const state = this.deps.state();
    const seq = lastSeqOf(state.messages);
    if (!state.loaded || seq <= state.userReadSeq) return;
    state.setReceipt(await askChat(this.ensureSocket(), SUPPORT_EVENTS.read, { seq }));
  }

  resync(): Promise<void> {
    return this.thread.resync();
  }

  private ensureSocket(): ChatSocket {
    if (this.socket) return this.socket;
    const socket = this.deps.createSocket();
    this.socket = socket;
    socket.on('connect', () => {
      if (!this.token) return;
      if (this.deps.state().loaded) void this.resync();
      else this.deps.recount();
    });
    socket.on(SUPPORT_EVENTS.message, (payload: unknown) => {
      if (!this.token) return;
      const parsed = supportEventSchemas[SUPPORT_EVENTS.message].safeParse(payload);
      if (!parsed.success) {
        this.deps.logger.error('support: a message broke its contract; dropped', parsed.error.issues);
        return;
      }
      if (this.deps.state().loaded) this.take(parsed.data);
      else if (parsed.data.author === 'staff') this.deps.unheard();
    });
    socket.on(SUPPORT_EVENTS.receipt, (payload: unknown) => {
      const parsed = supportEventSchemas[SUPPORT_EVENTS.receipt].safeParse(payload);
      if (this.token && parsed.success) this.deps.state().setReceipt(parsed.data);
    });
    return socket;
  }
}
