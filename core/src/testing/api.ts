import { randomBytes } from 'node:crypto';
import { type RegisterCredentials, userRoutes } from '@bourse/shared';
import { encryptText } from '../accounts/credentialsCipher.ts';

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; key?: string; data?: unknown };
}

export interface RequestOptions {
  token?: string;
  /** Sent as Accept-Language; none means the server's default, zh-CN. */
  lang?: string;
  /** Client IP as the trusted proxy reports it (X-Forwarded-For); random by default so rate limits stay per test. */
  ip?: string;
  headers?: Record<string, string>;
}

const randomIp = () => `10.${[...randomBytes(3)].join('.')}`;

export function newRegistration(overrides: Partial<RegisterCredentials> = {}): RegisterCredentials {
  const account = `u${randomBytes(6).toString('hex')}`;
  return {
    account,
    password: 'secret123',
    username: 'Li',
    givenName: 'Lei',
    email: `${account}@example.com`,
    mobile: '13800138000',
    ...overrides,
  };
}

/** A client of the API that reads like the user's actions: register, login, get, post. */
export class ApiClient {
  private publicKey: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    options: RequestOptions & { body?: RequestInit['body']; contentType?: string } = {},
  ) {
    const headers: Record<string, string> = {
      'X-Forwarded-For': options.ip ?? randomIp(),
      ...options.headers,
    };
    if (options.token !== undefined) headers.token = options.token;
    if (options.lang !== undefined) headers['Accept-Language'] = options.lang;
    if (options.contentType !== undefined) headers['Content-Type'] = options.contentType;
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: options.body });
    const text = await res.text();
    const body = res.headers.get('content-type')?.includes('application/json')
      ? JSON.parse(text)
      : { code: 0, msg: text };
    return { status: res.status, headers: res.headers, body } satisfies ApiResponse;
  }

  get(path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    return this.request('GET', path, options);
  }

  post(path: string, json: unknown, options: RequestOptions = {}): Promise<ApiResponse> {
    return this.request('POST', path, {
      ...options,
      body: JSON.stringify(json),
      contentType: 'application/json',
    });
  }

  postRaw(
    path: string,
    body: string,
    contentType: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse> {
    return this.request('POST', path, { ...options, body, contentType });
  }

  upload(path: string, field: string, file: Blob, filename: string, options: RequestOptions = {}) {
    const form = new FormData();
    form.append(field, file, filename);
    return this.request('POST', path, { ...options, body: form });
  }

  /** What the client does: encrypt the credentials JSON with the server's public key. */
  encrypt(payload: unknown): Promise<string> {
    return this.encryptText(JSON.stringify(payload));
  }

  async encryptText(text: string): Promise<string> {
    if (!this.publicKey) {
      const res = await this.get('/api/user/pubkey');
      this.publicKey = userRoutes.pubkey.response.parse(res.body.data).publicKey;
    }
    return encryptText(this.publicKey, text);
  }

  async register(payload: unknown, options: RequestOptions = {}): Promise<ApiResponse> {
    return this.post('/api/user/register', { query: await this.encrypt(payload) }, options);
  }

  async login(account: string, password: string, options: RequestOptions = {}): Promise<ApiResponse> {
    return this.post('/api/user/login', { query: await this.encrypt({ account, password }) }, options);
  }

  /** Registers a fresh account and returns its credentials and session token. */
  async signUp(overrides: Partial<RegisterCredentials> = {}) {
    const credentials = newRegistration(overrides);
    const res = await this.register(credentials);
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.body.msg}`);
    const { userinfo } = userRoutes.register.response.parse(res.body.data);
    return { credentials, token: userinfo.token, user: userinfo };
  }
}
