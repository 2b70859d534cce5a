/**
 * A lean JSON client for the load loops: node:http over kept-alive sockets to 127.0.0.1, so the
 * generator spends little of the two cores it shares with the stack. Failures below HTTP (a
 * refused connection, the product's 10 s request timeout) come back as status 0, not as throws.
 */
import { Agent, request } from 'node:http';

export interface JsonAnswer {
  /** HTTP status; 0 when no answer came. */
  status: number;
  body: { code: number; msg: string; key?: string; data?: unknown } | null;
  /** Why no answer came (status 0). */
  failure?: 'timeout' | 'network';
}

/** DESIGN.md: the product's request timeout. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface JsonClient {
  send(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<JsonAnswer>;
  close(): void;
}

export function jsonClient(port: number, sockets: number): JsonClient {
  // As many kept when free as in use: Node keeps 256 by default and closes the rest, so a loop of
  // more would open new connections at every pause.
  const agent = new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  const send: JsonClient['send'] = (method, path, headers, body) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          timeout: REQUEST_TIMEOUT_MS,
          headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: JsonAnswer['body'] = null;
            try {
              parsed = JSON.parse(text) as JsonAnswer['body'];
            } catch {
              // A non-JSON answer is reported by its status alone.
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', () => resolve({ status: 0, body: null, failure: 'network' }));
        },
      );
      req.on('timeout', () => {
        req.destroy();
        resolve({ status: 0, body: null, failure: 'timeout' });
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        // The server closed a kept-alive socket as the request went out on it: nothing reached the
        // server, so the request goes again (Node's documented pattern; an order keeps its key).
        if (req.reusedSocket && err.code === 'ECONNRESET') resolve(send(method, path, headers, body));
        else resolve({ status: 0, body: null, failure: 'network' });
      });
      req.end(payload);
    });
  };
  return { send, close: () => agent.destroy() };
}
