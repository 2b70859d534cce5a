import { balanceSchema, fillSchema, orderSchema, positionSchema, USER_EVENTS } from '@bourse/shared';
import { isApiError, messageOf } from '../../../lib/http/ApiError.ts';
import type { UserSocket } from '../../../lib/namespaceSocket.ts';
import { refusalOf } from '../../../lib/socketRefusal.ts';
import type { Logger } from '../../market/index.ts';
import {
  applyEvent,
  applySnapshot,
  type ChannelState,
  isFromLaterDay,
  type TradingSnapshot,
  type TradingState,
  type UserEvent,
} from './tradingStore.ts';

export interface UserChannelDeps {
  /** Made once; its handshake reads the session's token on every (re)connect. */
  createSocket(): UserSocket;
  loadSnapshot(signal: AbortSignal): Promise<TradingSnapshot>;
  getState(): TradingState;
  setState(patch: Partial<TradingState> | ((state: TradingState) => Partial<TradingState>)): void;
  /** The store as it is before anyone signs in. */
  initialState(): TradingState;
  logger: Logger;
}

/**
 * The events of /user that move the trading lists, with their payloads' contracts (others, such
 * as messages, are not this channel's: the whole userEventSchemas would bring the storefront's
 * contracts into every logged-in start).
 */
const TRADING_EVENT_SCHEMAS = {
  order: orderSchema,
  fill: fillSchema,
  balance: balanceSchema,
  position: positionSchema,
} as const satisfies Partial<Record<UserEvent['event'], unknown>>;
const TRADING_EVENTS = Object.keys(TRADING_EVENT_SCHEMAS) as (keyof typeof TRADING_EVENT_SCHEMAS)[];

/**
 * The signed-in user's trading data, live: a REST snapshot (orders, fills, positions, account)
 * with the /user namespace's order, fill, balance and position events applied on top. A new
 * snapshot is taken on every (re)connect, since events sent while disconnected are lost, and
 * when a new trading day begins; events heard while it loads wait and apply on top of it. A
 * payload that breaks its schema is logged and dropped whole.
 */
export class UserChannel {
  private socket: UserSocket | null = null;
  private token = '';
  /** Events heard while a snapshot loads; null when none is loading. */
  private queued: UserEvent[] | null = null;
  private loading: AbortController | null = null;

  constructor(private readonly deps: UserChannelDeps) {}

  /** Follows the session: a token streams that user's account, '' (logged out) stops and forgets it. */
  bind(token: string): void {
    if (token === this.token) return;
    this.stop();
    this.token = token;
    if (!token) return;
    this.setChannel('connecting');
    const socket = this.ensureSocket();
    socket.connect();
    // The socket is shared with the message inbox and may be open already: no 'connect' comes then.
    if (socket.connected) this.setChannel('open');
    this.refresh();
  }

  /** The market says which trading day it is: a later one than the lists hold needs a new snapshot. */
  noticeTradingDate(tradingDate: string): void {
    const held = this.deps.getState().tradingDate;
    if (this.token && held !== null && tradingDate > held) this.refresh();
  }

  /** Loads a new snapshot; one under way is abandoned for it. */
  refresh(): void {
    if (!this.token) return;
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    this.queued ??= [];
    this.deps.setState((state) => (state.snapshot.status === 'success' ? {} : { snapshot: { status: 'pending' } }));
    this.deps.loadSnapshot(controller.signal).then(
      (snapshot) => {
        if (this.loading !== controller) return;
        this.deps.setState(applySnapshot(snapshot));
        this.drainQueue();
      },
      (error: unknown) => {
        if (this.loading !== controller || (isApiError(error) && error.kind === 'aborted')) return;
        this.deps.setState((state) =>
          state.snapshot.status === 'success' ? {} : { snapshot: { status: 'error', error: messageOf(error) } },
        );
        // Better the events on the old lists than lost.
        this.drainQueue();
      },
    );
  }

  private drainQueue(): void {
    const events = this.queued ?? [];
    this.loading = null;
    this.queued = null;
    for (const event of events) this.deps.setState((state) => applyEvent(state, event));
  }

  private stop(): void {
    this.token = '';
    this.loading?.abort();
    this.loading = null;
    this.queued = null;
    this.socket?.disconnect();
    this.deps.setState(this.deps.initialState());
  }

  private setChannel(channel: ChannelState): void {
    if (this.deps.getState().channel !== channel) this.deps.setState({ channel });
  }

  private ensureSocket(): UserSocket {
    if (this.socket) return this.socket;
    const socket = this.deps.createSocket();
    this.socket = socket;
    socket.on('connect', () => {
      this.setChannel('open');
      this.refresh();
    });
    socket.on('disconnect', (reason: string) => {
      if (!this.token) return;
      this.setChannel('reconnecting');
      // socket.io retries by itself except after a server-side disconnect.
      if (reason === 'io server disconnect') socket.connect();
    });
    socket.on('connect_error', (error: unknown) => {
      if (!this.token) return;
      const key = refusalOf(error)?.key;
      // socket.io retries no refusal: of the session (the next login binds a new token) or of
      // the connection (too many open; sessionSocket shows why).
      if (key) {
        this.deps.logger.warn(`user channel: refused (${key})`);
        this.setChannel('refused');
      } else this.setChannel('reconnecting');
    });
    for (const event of TRADING_EVENTS) {
      socket.on(USER_EVENTS[event], (payload: unknown) => this.onEvent(event, payload));
    }
    return socket;
  }

  private onEvent(event: keyof typeof TRADING_EVENT_SCHEMAS, payload: unknown): void {
    // Logged out: whatever was still on its way belongs to a session that is gone.
    if (!this.token) return;
    const parsed = TRADING_EVENT_SCHEMAS[event].safeParse(payload);
    if (!parsed.success) {
      this.deps.logger.error(`user channel: a ${event} message broke its contract; dropped`, parsed.error.issues);
      return;
    }
    const heard = { event, payload: parsed.data } as UserEvent;
    // A new trading day's first event: the lists are yesterday's, take a new snapshot under it.
    if (!this.queued && isFromLaterDay(this.deps.getState(), heard)) this.refresh();
    if (this.queued) this.queued.push(heard);
    else this.deps.setState((state) => applyEvent(state, heard));
  }
}
