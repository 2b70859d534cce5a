import { userRoutes } from '@bourse/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toast, useToastStore } from '../../shared-ui/toast/toastStore.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { ApiError } from './ApiError.ts';
import {
  callApi,
  configureHttp,
  DUPLICATE_WINDOW_MS,
  REQUEST_TIMEOUT_MS,
  request,
  resetDuplicateGuard,
  sessionRefused,
} from './client.ts';

const fetchMock = vi.fn<typeof fetch>();
const onUnauthorized = vi.fn();
let token = '';

const json = jsonResponse;

/** What the last request sent. */
function sent(index = -1): { url: string; init: RequestInit; headers: Record<string, string> } {
  const call = fetchMock.mock.calls.at(index);
  if (!call) throw new Error('no request was sent');
  const init = call[1] ?? {};
  return { url: String(call[0]), init, headers: init.headers as Record<string, string> };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const toastText = () => useToastStore.getState().current?.message;

/** A server that never answers: the request ends only when aborted. */
const neverAnswered: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

beforeEach(() => {
  token = '';
  fetchMock.mockReset();
  onUnauthorized.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetDuplicateGuard();
  toast.clear();
  configureHttp({ baseUrl: '/api', getToken: () => token, getLocale: () => 'ja', onUnauthorized });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a successful call', () => {
  it('sends the token and the UI language, and resolves with data parsed by the contract', async () => {
    token = 'tok';
    fetchMock.mockResolvedValue(json({ code: 1, msg: 'ok', data: { kf_url: 'https://kf.example' } }));
    await expect(callApi(userRoutes.config)).resolves.toEqual({ kf_url: 'https://kf.example' });
    const { url, init, headers } = sent();
    expect(url).toBe('/api/stock/getconfig');
    expect(init.method).toBe('GET');
    expect(headers.token).toBe('tok');
    expect(headers['Accept-Language']).toBe('ja');
  });

  it('sends no token header when logged out or when the call opts out', async () => {
    fetchMock.mockImplementation(async () => json({ code: 1, msg: 'ok', data: { kf_url: '' } }));
    await callApi(userRoutes.config);
    expect(sent().headers).not.toHaveProperty('token');
    token = 'tok';
    await callApi(userRoutes.config, { withToken: false });
    expect(sent().headers).not.toHaveProperty('token');
  });

  it('posts JSON and accepts code 1 with null data', async () => {
    fetchMock.mockResolvedValue(json({ code: 1, msg: 'ok', data: null }));
    await expect(
      callApi(userRoutes.changePassword, { body: { oldPassword: 'a', newPassword: 'bbbbbb' } }),
    ).resolves.toBeNull();
    expect(sent().init.method).toBe('POST');
    expect(sent().headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(sent().init.body))).toEqual({ oldPassword: 'a', newPassword: 'bbbbbb' });
  });

  it('counts data present as success even without code 1', async () => {
    fetchMock.mockResolvedValue(json({ data: { kf_url: 'x' } }));
    await expect(callApi(userRoutes.config)).resolves.toEqual({ kf_url: 'x' });
  });

  it('serialises GET params into the URL', async () => {
    fetchMock.mockResolvedValue(json({ code: 1, msg: 'ok', data: [] }));
    await request('get', '/market/rank', z.array(z.string()), {
      params: { list: 'limitUp', page: 2, q: '' },
    });
    expect(sent().url).toBe('/api/market/rank?list=limitUp&page=2');
  });
});

describe('a failed call', () => {
  it("shows the server's translated msg and rejects with it", async () => {
    fetchMock.mockResolvedValue(
      json({ code: 409, msg: 'アカウント名は使用済みです。', key: 'auth.accountTaken' }, 409),
    );
    const error = await failure(callApi(userRoutes.config));
    expect([error.kind, error.status, error.code, error.message, error.key]).toEqual([
      'business',
      409,
      409,
      'アカウント名は使用済みです。',
      'auth.accountTaken',
    ]);
    expect(toastText()).toBe('アカウント名は使用済みです。');
  });

  it('shows nothing when silent, but still rejects', async () => {
    fetchMock.mockResolvedValue(json({ code: 400, msg: 'bad' }, 400));
    expect((await failure(callApi(userRoutes.config, { silent: true }))).message).toBe('bad');
    expect(toastText()).toBeUndefined();
  });

  it('maps a network failure to common.network', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(callApi(userRoutes.config));
    expect([error.kind, error.message]).toEqual(['network', 'Cannot connect to the server.']);
    expect(toastText()).toBe('Cannot connect to the server.');
  });

  it('maps an HTTP error without an envelope to common.httpStatus', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await failure(callApi(userRoutes.config));
    expect([error.kind, error.status, error.message]).toEqual([
      'http',
      502,
      'The server answered with error 502.',
    ]);
  });

  it('gives up after 10 s with common.timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(neverAnswered);
    const pending = failure(callApi(userRoutes.config));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect([error.kind, error.message]).toEqual(['timeout', 'The server took too long to answer.']);
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
  });

  it('waits as long as a slow call asks before giving up', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(neverAnswered);
    const pending = failure(callApi(userRoutes.config, { timeoutMs: 30_000 }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).kind).toBe('timeout');
  });

  it('rejects silently when the caller aborts', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(neverAnswered);
    const pending = failure(callApi(userRoutes.config, { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    expect(toastText()).toBeUndefined();
  });

  it('treats data that breaks the contract as an error, never as data', async () => {
    fetchMock.mockResolvedValue(json({ code: 1, msg: 'ok', data: { kf_url: 42 } }));
    const error = await failure(callApi(userRoutes.config));
    expect([error.kind, error.message]).toEqual([
      'contract',
      "The server's answer could not be understood. Please try again later.",
    ]);
  });
});

describe('401', () => {
  it('while logged in: shows msg and hands over to the session (clear and go to /login)', async () => {
    token = 'expired';
    fetchMock.mockResolvedValue(json({ code: 401, msg: 'Your session has expired.' }, 401));
    const error = await failure(callApi(userRoutes.info));
    expect(error.kind).toBe('unauthorized');
    expect(toastText()).toBe('Your session has expired.');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('while logged out (a wrong password): rejects without touching the session', async () => {
    fetchMock.mockResolvedValue(json({ code: 401, msg: 'Wrong account or password.' }, 401));
    const error = await failure(callApi(userRoutes.login, { body: { query: 'x' } }));
    expect([error.kind, error.message]).toEqual(['unauthorized', 'Wrong account or password.']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a socket refusing the session is handled the same way', () => {
    token = 'revoked';
    sessionRefused('Your session has expired.');
    expect(toastText()).toBe('Your session has expired.');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('duplicate submit', () => {
  const body = { oldPassword: 'a', newPassword: 'bbbbbb' };

  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json({ code: 1, msg: 'ok', data: null }));
  });

  it('rejects the same POST within 1000 ms with common.duplicateSubmit', async () => {
    await callApi(userRoutes.changePassword, { body });
    await vi.advanceTimersByTimeAsync(DUPLICATE_WINDOW_MS - 1);
    const error = await failure(callApi(userRoutes.changePassword, { body }));
    expect([error.kind, error.message]).toEqual([
      'duplicate',
      'Data is being processed, please do not resubmit.',
    ]);
    expect(toastText()).toBe('Data is being processed, please do not resubmit.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('lets it through after the window, with another body, or when repeatSubmit is false', async () => {
    await callApi(userRoutes.changePassword, { body });
    await vi.advanceTimersByTimeAsync(DUPLICATE_WINDOW_MS);
    await callApi(userRoutes.changePassword, { body });
    await callApi(userRoutes.changePassword, { body: { ...body, newPassword: 'cccccc' } });
    await callApi(userRoutes.changePassword, {
      body: { ...body, newPassword: 'cccccc' },
      repeatSubmit: false,
    });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('never applies to GET', async () => {
    fetchMock.mockImplementation(async () => json({ code: 1, msg: 'ok', data: { kf_url: '' } }));
    await callApi(userRoutes.config);
    await callApi(userRoutes.config);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
