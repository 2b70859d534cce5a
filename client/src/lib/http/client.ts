import type { BodyOf, QueryOf, ResponseOf, RouteContract } from '@bourse/shared';
import type { z } from 'zod';
import { errorText, i18n } from '../../i18n/index.ts';
import { toast } from '../../shared-ui/toast/toastStore.ts';
import { logger } from '../logger.ts';
import { ApiError } from './ApiError.ts';
import { type QueryValue, withParams } from './params.ts';

export const REQUEST_TIMEOUT_MS = 10_000;
export const DUPLICATE_WINDOW_MS = 1_000;

/** What the client needs from the rest of the app; the app wires it at start (see app/wiring.ts). */
export interface HttpEnvironment {
  /** Prefix of every API path. */
  baseUrl: string;
  getToken(): string;
  getLocale(): string;
  /** Called after a 401 while logged in: clear the session and go to /login. */
  onUnauthorized(): void;
}

let env: HttpEnvironment = {
  baseUrl: import.meta.env.VITE_API_BASE ?? '/api',
  getToken: () => '',
  getLocale: () => i18n.language,
  onUnauthorized: () => {},
};

export function configureHttp(overrides: Partial<HttpEnvironment>): void {
  env = { ...env, ...overrides };
}

export interface RequestOptions {
  /** GET parameters; see serializeParams. */
  params?: Record<string, QueryValue>;
  /** JSON body (or FormData for uploads). */
  body?: unknown;
  /** false lets an identical POST/PUT through within the duplicate window. */
  repeatSubmit?: boolean;
  /** false sends no token header. */
  withToken?: boolean;
  /** true shows no toast: the caller shows the error itself. */
  silent?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** How long to wait for the answer; REQUEST_TIMEOUT_MS unless the call is known to be slow. */
  timeoutMs?: number;
}

type Method = 'get' | 'post' | 'put' | 'delete';

let lastSubmit: { key: string; at: number } | undefined;

/** True when this POST/PUT repeats the previous one within the window; otherwise records it. */
function isDuplicateSubmit(method: Method, url: string, body: unknown): boolean {
  if ((method !== 'post' && method !== 'put') || body instanceof FormData) return false;
  const key = `${method} ${url} ${JSON.stringify(body ?? null)}`;
  const now = Date.now();
  if (lastSubmit && lastSubmit.key === key && now - lastSubmit.at < DUPLICATE_WINDOW_MS) return true;
  lastSubmit = { key, at: now };
  return false;
}

/** Forgets the previous submit (tests). */
export function resetDuplicateGuard(): void {
  lastSubmit = undefined;
}

interface Envelope {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
  key?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' && value !== null && ('code' in value || 'msg' in value || 'data' in value)
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

async function send(method: Method, url: string, options: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort);

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': env.getLocale() };
  const token = options.withToken === false ? '' : env.getToken();
  if (token) headers.token = token;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  try {
    return await fetch(url, {
      method: method.toUpperCase(),
      headers: { ...headers, ...options.headers },
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (timedOut) throw new ApiError('timeout', errorText('common.timeout'));
    if (controller.signal.aborted) throw new ApiError('aborted', 'aborted');
    logger.warn(`network error on ${method.toUpperCase()} ${url}`, error);
    throw new ApiError('network', errorText('common.network'));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}

async function interpret<S extends z.ZodType>(
  response: Response,
  schema: S,
  label: string,
): Promise<z.infer<S>> {
  const body = await readJson(response);
  if (!isEnvelope(body)) {
    if (!response.ok)
      throw new ApiError(
        'http',
        errorText('common.httpStatus', { status: response.status }),
        response.status,
      );
    logger.error(`${label}: the answer is not an envelope`);
    throw new ApiError('contract', i18n.t('http.badResponse'), response.status);
  }
  const code = typeof body.code === 'number' ? body.code : undefined;
  const msg = typeof body.msg === 'string' && body.msg ? body.msg : undefined;
  if (response.status === 401 || code === 401) {
    throw new ApiError('unauthorized', msg ?? errorText('auth.loginFirst'), response.status, code);
  }
  const succeeded = code === 1 || (body.data !== undefined && body.data !== null);
  if (!succeeded) {
    const fallback = response.ok
      ? errorText('common.internal')
      : errorText('common.httpStatus', { status: response.status });
    const key = typeof body.key === 'string' ? body.key : undefined;
    throw new ApiError('business', msg ?? fallback, response.status, code, key);
  }
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) {
    logger.error(`${label}: the answer breaks its contract`, parsed.error.issues);
    throw new ApiError('contract', i18n.t('http.badResponse'), response.status, code);
  }
  return parsed.data;
}

/**
 * One API call: sends the token and the UI language, enforces the timeout and the duplicate
 * window, and resolves with `data` parsed by `schema`, or rejects with an ApiError whose
 * message has been shown as a toast (unless silent or aborted).
 */
export async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const url = withParams(`${env.baseUrl}${path}`, options.params);
  const label = `${method.toUpperCase()} ${path}`;
  try {
    if (options.repeatSubmit !== false && isDuplicateSubmit(method, url, options.body)) {
      throw new ApiError('duplicate', errorText('common.duplicateSubmit'));
    }
    const response = await send(method, url, options);
    return await interpret(response, schema, label);
  } catch (error) {
    if (!(error instanceof ApiError)) {
      logger.error(`${label}: unexpected failure`, error);
      throw error;
    }
    const failure = error;
    if (failure.kind === 'aborted') throw failure;
    if (!options.silent) toast.fail(failure.message);
    if (failure.kind === 'unauthorized' && env.getToken()) env.onUnauthorized();
    throw failure;
  }
}

/** The server refused the session elsewhere than over HTTP (a socket's handshake): handled as a 401 is. */
export function sessionRefused(message: string): void {
  toast.fail(message);
  if (env.getToken()) env.onUnauthorized();
}

type CallOptions<R> = Omit<RequestOptions, 'body' | 'params'> & {
  body?: BodyOf<R>;
  params?: QueryOf<R> & Record<string, QueryValue>;
};

/** Calls a route of the shared contracts; its answer is parsed with the route's response schema. */
export function callApi<R extends RouteContract>(
  route: R,
  options: CallOptions<R> = {},
): Promise<ResponseOf<R>> {
  return request(route.method, route.path, route.response, options) as Promise<ResponseOf<R>>;
}
