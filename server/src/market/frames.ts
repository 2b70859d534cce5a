import type { Socket } from 'socket.io';

/**
 * A Socket.IO event packet built from a payload that is already JSON, byte for byte what
 * socket.io-parser makes of `socket.emit(event, payload)` on namespace `nsp` (type 2, the
 * namespace, then the JSON array [event, payload]; its unit test holds the two equal). The fan-out
 * encodes each symbol's update once per window and joins the shared pieces into every socket's
 * batch, instead of Socket.IO walking and stringifying each socket's batch again.
 */
export function eventFrame(nsp: string, event: string, payloadJson: string): string {
  return `2${nsp === '/' ? '' : `${nsp},`}[${JSON.stringify(event)},${payloadJson}]`;
}

/**
 * Writes a frame from eventFrame to the socket's engine.io connection, as Socket.IO writes the
 * packets it encodes (same queue, so it keeps its order among the socket's other emits).
 */
export function sendFrame(socket: Socket, frame: string): void {
  socket.conn.write(frame);
}
