import { join, sep } from 'node:path';
import { logger } from '@bourse/core/platform/logger.ts';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Bourse</title>
<p>The client is not built yet. Run <code>pnpm --filter @bourse/client build</code>, then reload.</p>`;

/**
 * The built SPA: assets under /www/ (Vite's hashed files cached for a year, the rest
 * revalidated) and index.html for every other GET, so history-mode routes survive a reload.
 * Runs after the /api router, which answers all of /api itself.
 */
export function serveClient(app: Express, clientDist: string): void {
  const hashedAssets = `${join(clientDist, 'assets')}${sep}`;
  app.use(
    '/www',
    express.static(clientDist, {
      index: false,
      setHeaders(res, path) {
        res.setHeader(
          'Cache-Control',
          path.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    }),
    (_req: Request, res: Response) => {
      res.status(404).type('text/plain').send('Not found');
    },
  );
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.sendFile(join(clientDist, 'index.html'), { headers: { 'Cache-Control': 'no-cache' } }, (err) => {
      if (!err) return;
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') res.status(200).type('html').send(NOT_BUILT);
      else next(err);
    });
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err }, 'serving the client failed');
    if (!res.headersSent) res.status(500).type('text/plain').send('Internal error');
  });
}
