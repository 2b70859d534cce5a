import { toQuoteUpdate } from '@bourse/core/market/quoteViews.ts';
import { feedQuote } from '@bourse/core/market/testing/feedDouble.ts';
import { MARKET_EVENTS, MARKET_NAMESPACE } from '@bourse/shared';
import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { eventFrame } from './frames.ts';

/** Not attached to an HTTP server: only its encoder is used. */
const io = new Server();

/** Socket.IO's own encoder, as `socket.emit(event, payload)` uses it (2 is the EVENT packet type). */
function socketIoEncoding(nsp: string, event: string, payload: unknown): string {
  const [encoded] = io.encoder.encode({ type: 2 as never, nsp, data: [event, payload] });
  return encoded as string;
}

describe('eventFrame', () => {
  it('encodes a batch from its pieces as Socket.IO encodes the batch', () => {
    const batch = [
      toQuoteUpdate(feedQuote('604000')),
      toQuoteUpdate(feedQuote('004001', { open: null, name: '名"称\\' })),
    ];
    const pieces = batch.map((update) => JSON.stringify(update));
    expect(eventFrame(MARKET_NAMESPACE, MARKET_EVENTS.quotes, `[${pieces.join(',')}]`)).toBe(
      socketIoEncoding(MARKET_NAMESPACE, MARKET_EVENTS.quotes, batch),
    );
  });

  it('leaves the main namespace out, as Socket.IO does', () => {
    expect(eventFrame('/', 'ev"t', '{"a":[1]}')).toBe(socketIoEncoding('/', 'ev"t', { a: [1] }));
  });
});
