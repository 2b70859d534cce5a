import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/testServer.ts';

const dist = await mkdtemp(join(tmpdir(), 'bourse-client-'));
await mkdir(join(dist, 'assets'));
await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
await writeFile(join(dist, 'assets', 'index-Bx3k9QzA.js'), 'console.log(1)');
await writeFile(join(dist, 'favicon.svg'), '<svg/>');
const bundle = 'export const answer = 42;'.repeat(100);
await writeFile(join(dist, 'assets', 'main-C4f2Lq9x.js'), bundle);
await writeFile(join(dist, 'assets', 'main-C4f2Lq9x.js.br'), brotliCompressSync(bundle));
await writeFile(join(dist, 'assets', 'main-C4f2Lq9x.js.gz'), gzipSync(bundle));
await writeFile(join(dist, 'sw.js'), 'self.skipWaiting()');
afterAll(() => rm(dist, { recursive: true, force: true }));

/** The raw answer, bytes as sent: fetch would undo the Content-Encoding under test. */
function getRaw(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe.each(DB_KINDS)('serving the client on %s', (kind) => {
  const t = useTestServer(kind, { config: { clientDist: dist } });
  const missing = useTestServer(kind);

  it('serves hashed assets under /www/ with a long cache', async () => {
    const res = await fetch(`${t.baseUrl}/www/assets/index-Bx3k9QzA.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log(1)');
  });

  it.each([
    ['br, gzip', 'br', brotliCompressSync],
    ['gzip, deflate', 'gzip', gzipSync],
    ['gzip;q=0.5, br;q=1', 'br', brotliCompressSync],
  ] as const)(
    'answers Accept-Encoding %s with the %s twin the build wrote',
    async (accept, encoding, compress) => {
      const { headers, body } = await getRaw(`${t.baseUrl}/www/assets/main-C4f2Lq9x.js`, accept);
      expect(headers['content-encoding']).toBe(encoding);
      expect(headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(headers.vary).toContain('Accept-Encoding');
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(body).toEqual(compress(bundle));
    },
  );

  it('answers a client that accepts no encoding with the plain file, still varying by encoding', async () => {
    const { headers, body } = await getRaw(`${t.baseUrl}/www/assets/main-C4f2Lq9x.js`, 'identity');
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers.vary).toContain('Accept-Encoding');
    expect(body.toString()).toBe(bundle);
  });

  it('lets the service worker under /www/ control the whole app', async () => {
    const res = await fetch(`${t.baseUrl}/www/sw.js`);
    expect(res.headers.get('service-worker-allowed')).toBe('/');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('revalidates unhashed files', async () => {
    const res = await fetch(`${t.baseUrl}/www/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of the app', async () => {
    expect((await fetch(`${t.baseUrl}/www/assets/gone-12345678.js`)).status).toBe(404);
  });

  it.each(['/', '/home', '/stockInfo/604519', '/personCenter/money?tab=1'])(
    'answers index.html for %s',
    async (path) => {
      const res = await fetch(`${t.baseUrl}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    },
  );

  it('keeps /api out of the app fallback', async () => {
    const res = await fetch(`${t.baseUrl}/api/home`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404 });
  });

  it('says how to build the client when it is missing', async () => {
    const res = await fetch(`${missing.baseUrl}/`);
    expect(await res.text()).toContain('pnpm --filter @bourse/client build');
  });
});
