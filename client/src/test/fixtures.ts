import { vi } from 'vitest';

export { demoUser } from './demoUser.ts';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Answer =
  | { status?: number; body: unknown }
  | ((init: RequestInit | undefined, url: URL) => Response | Promise<Response>);

/**
 * A fake API on the global fetch: answers by "METHOD /path" (the path after /api, without the
 * query; a function answer sees the whole URL); anything else is a 404 envelope. Returns the
 * mock to inspect the calls.
 */
export function fakeApi(answers: Record<string, Answer>) {
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname.replace(/^\/api/, '')}`;
    const answer = answers[key];
    if (!answer) return jsonResponse({ code: 404, msg: `no fake for ${key}` }, 404);
    if (typeof answer === 'function') return answer(init, url);
    return jsonResponse(answer.body, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** What a fake API call received. */
export function callsTo(mock: ReturnType<typeof fakeApi>, key: string): RequestInit[] {
  return mock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname.replace(/^\/api/, '')}` === key;
    })
    .map(([, init]) => init ?? {});
}

export const ok = (data: unknown) => ({ body: { code: 1, msg: 'ok', data } });
