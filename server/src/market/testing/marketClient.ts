import { type Ack, MARKET_NAMESPACE } from '@bourse/shared';
import { io as connect, type Socket } from 'socket.io-client';

export interface MarketClientOptions {
  lang?: string;
  acceptLanguage?: string;
}

/** A socket.io-client on /market over WebSocket, not connected yet: listeners can go on first. */
export function marketSocket(port: number, options: MarketClientOptions = {}): Socket {
  return connect(`http://127.0.0.1:${port}${MARKET_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    autoConnect: false,
    auth: options.lang ? { lang: options.lang } : {},
    extraHeaders: options.acceptLanguage ? { 'Accept-Language': options.acceptLanguage } : {},
  });
}

export function open(socket: Socket): Promise<Socket> {
  socket.connect();
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export function connectMarket(port: number, options: MarketClientOptions = {}): Promise<Socket> {
  return open(marketSocket(port, options));
}

/** Emits a request and resolves with its ack. */
export function request<T = unknown>(socket: Socket, event: string, payload: unknown): Promise<Ack<T>> {
  return socket.timeout(5_000).emitWithAck(event, payload);
}

/** Collects every payload of an event from now on. */
export function record<T>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}
