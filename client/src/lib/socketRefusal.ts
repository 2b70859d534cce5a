/**
 * A handshake the server refused (a Socket.IO middleware's `next(err)`): its errors-catalogue
 * key and the message translated into the language the handshake asked for.
 */
export interface SocketRefusal {
  key: string;
  /** What the key's text needs, such as a limit. */
  params: Record<string, string | number>;
  message: string;
}

const isParams = (value: unknown): value is Record<string, string | number> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number');

export function refusalOf(error: unknown): SocketRefusal | undefined {
  const data = (error as { data?: { key?: unknown; params?: unknown; message?: unknown } } | null)?.data;
  if (typeof data?.key !== 'string') return undefined;
  return {
    key: data.key,
    params: isParams(data.params) ? data.params : {},
    message: typeof data.message === 'string' ? data.message : '',
  };
}
