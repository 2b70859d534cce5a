import { type AckError, ackSchema, type SupportRequest, supportRequests } from '@bourse/shared';
import type { z } from 'zod';
import type { UserSocket } from '../../lib/namespaceSocket.ts';

/** The /user socket as the chat uses it: it also sends requests, each answered by an ack. */
export interface ChatSocket extends UserSocket {
  emit(event: SupportRequest, payload: unknown, ack: (reply: unknown) => void): unknown;
  /** The desk listens only while a conversation is open. */
  off(event: string, listener: (...args: never[]) => void): unknown;
}

/** A request the server refused: its errors-catalogue key and message, already translated. */
export class ChatRefusal extends Error {
  constructor(readonly refusal: AckError) {
    super(refusal.message);
  }
}

const ACK_TIMEOUT_MS = 10_000;

/**
 * Sends one chat request and resolves with its ack's data, parsed by the request's shared
 * schema; a refusal rejects with ChatRefusal, an ack that does not come in time or breaks its
 * contract with a plain Error.
 */
export function askChat<E extends SupportRequest>(
  socket: ChatSocket,
  event: E,
  payload: z.input<(typeof supportRequests)[E]['payload']>,
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<z.output<(typeof supportRequests)[E]['reply']>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${event}: no answer`)), timeoutMs);
    socket.emit(event, payload, (reply: unknown) => {
      clearTimeout(timer);
      const ack = ackSchema(supportRequests[event].reply).safeParse(reply);
      if (!ack.success) reject(new Error(`${event}: the answer broke its contract`));
      else if (ack.data.ok) resolve(ack.data.data as z.output<(typeof supportRequests)[E]['reply']>);
      else reject(new ChatRefusal(ack.data.error));
    });
  });
}
