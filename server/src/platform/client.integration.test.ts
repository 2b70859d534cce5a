import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DB_KINDS } from '@bourse/core/testing/testDatabase.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/testServer.ts';

const dist = await mkdtemp(join(tmpdir(), 'bourse-client-'));
await mkdir(join(dist, 'assets'));
await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
await writeFile(join(dist, 'assets', 'index-Bx3k9QzA.js'), 'console.log(1)');
await writeFile(join(dist, 'favicon.svg'), '<svg/>');
afterAll(() => rm(dist, { recursive: true, force: true }));

describe.each(DB_KINDS)('serving the client on %s', (kind) => {
  const t = useTestServer(kind, { config: { clientDist: dist } });
  const missing = useTestServer(kind);

  it('serves hashed assets under /www/ with a long cache', async () => {
    const res = await fetch(`${t.baseUrl}/www/assets/index-Bx3k9QzA.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log(1)');
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
