import { MARKET_EVENTS, MARKET_NAMESPACE, type QuoteUpdate } from '@bourse/shared';
import { io, type Socket } from 'socket.io-client';

/** A benchmark client: connects to /market over WebSocket and subscribes to `symbols`' quotes. */
export async function subscribeQuotes(
  port: number,
  symbols: readonly string[],
  onQuotes: (batch: QuoteUpdate[]) => void,
): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${port}${MARKET_NAMESPACE}`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    // Thousands of handshakes on a shared two-core box can take a while.
    timeout: 120_000,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ack = await socket.timeout(120_000).emitWithAck(MARKET_EVENTS.quotesSubscribe, { symbols });
    if (!ack.ok) throw new Error(`subscribe failed: ${ack.error.key}`);
  } catch (error) {
    socket.disconnect();
    throw error;
  }
  socket.on(MARKET_EVENTS.quotes, onQuotes);
  return socket;
}
