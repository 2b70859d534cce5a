import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProduct, startProduct } from './harness.ts';

describe('pnpm start on embedded defaults', () => {
  let product: RunningProduct;
  let exitCode: number | null | undefined;

  beforeAll(async () => {
    // No DATABASE_URL: the embedded database in a fresh data folder.
    product = await startProduct({ DATABASE_URL: '', FEED_BACKFILL_DAYS: undefined });
  });
  afterAll(async () => {
    if (exitCode === undefined) await product.stop();
  });

  it('prints the URL and the demo account', () => {
    expect(product.output()).toMatch(/Open: +http:\/\/localhost:\d+/);
    expect(product.output()).toMatch(/Demo: +account demo \/ password demo123/);
    expect(product.output()).toMatch(/Database: embedded PGlite/);
  });

  it('answers health with db and redis ok', async () => {
    const response = await fetch(`${product.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: 1, msg: 'ok', data: { db: 'ok', redis: 'ok' } });
  });

  it('serves the client for history-mode paths and its assets under /www/', async () => {
    const page = await fetch(`${product.baseUrl}/ucenter/holding`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const asset = html.match(/\/www\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const script = await fetch(`${product.baseUrl}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const response = await fetch(`${product.baseUrl}/api/no/such/route`, {
      headers: { 'Accept-Language': 'en' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 404, msg: 'This API does not exist.' });
  });

  it('stops cleanly on Ctrl-C', async () => {
    exitCode = await product.stop();
    expect(exitCode).toBe(0);
  });
});
