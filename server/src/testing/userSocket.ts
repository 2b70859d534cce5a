import { USER_NAMESPACE } from '@bourse/shared';
import { io as connect, type Socket } from 'socket.io-client';

/**
 * A /user socket of `token`, connected, noting the payloads of `events` as they arrive (each
 * event's list in `heard`). The caller disconnects it.
 */
export async function listenOnUser<E extends string>(
  baseUrl: string,
  token: string,
  events: readonly E[],
): Promise<{ socket: Socket; heard: Record<E, unknown[]> }> {
  const socket = connect(`${baseUrl}${USER_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  const heard = Object.fromEntries(events.map((event) => [event, [] as unknown[]])) as Record<E, unknown[]>;
  for (const event of events) socket.on(event as string, (payload: unknown) => heard[event].push(payload));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, heard };
}
