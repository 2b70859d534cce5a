/**
 * A handshake the server refused (a Socket.IO middleware's `next(err)`): its errors-catalogue
 * key and the message translated into the language the handshake asked for.
 */
export interface SocketRefusal {
  key: string;
  message: string;
}

export function refusalOf(error: unknown): SocketRefusal | undefined {
  const data = (error as { data?: { key?: unknown; message?: unknown } } | null)?.data;
  if (typeof data?.key !== 'string') return undefined;
  return { key: data.key, message: typeof data.message === 'string' ? data.message : '' };
}
