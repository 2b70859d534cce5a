import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { logger } from '@bourse/core/platform/logger.ts';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Bourse</title>
<p>The client is not built yet. Run <code>pnpm --filter @bourse/client build</code>, then reload.</p>`;

/** The encodings the client build writes beside each text file (client/vite.config.ts), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * The precompressed twin of `file` the request accepts, if the build wrote one. Answers for
 * a file with twins vary by Accept-Encoding, so `Vary` is set on those whatever is chosen.
 */
async function precompressedTwin(
  req: Request,
  res: Response,
  file: string,
): Promise<{ file: string; encoding: string } | undefined> {
  const twins = await Promise.all(
    PRECOMPRESSED.map(async (twin) => {
      const twinFile = file + twin.suffix;
      const found = await stat(twinFile).then(
        (s) => s.isFile(),
        () => false,
      );
      return found ? { file: twinFile, encoding: twin.encoding } : undefined;
    }),
  );
  const available = twins.filter((twin) => twin !== undefined);
  if (available.length === 0) return undefined;
  res.vary('Accept-Encoding');
  const chosen = req.acceptsEncodings([...available.map((twin) => twin.encoding), 'identity']);
  return available.find((twin) => twin.encoding === chosen);
}

/** Sends the twin in place of the file: the original's type, the twin's encoding. */
function announceTwin(res: Response, original: string, encoding: string): void {
  res.type(extname(original));
  res.setHeader('Content-Encoding', encoding);
}

/**
 * The built SPA: assets under /www/ (Vite's hashed files cached for a year, the rest
 * revalidated) and index.html for every other GET, so history-mode routes survive a reload.
 * Text files go out brotli- or gzip-compressed from the twins the build wrote, by the
 * request's Accept-Encoding. Runs after the /api router, which answers all of /api itself.
 */
export function serveClient(app: Express, clientDist: string): void {
  const root = `${normalize(clientDist)}${sep}`;
  const hashedAssets = `${join(clientDist, 'assets')}${sep}`;
  const indexHtml = join(clientDist, 'index.html');

  app.use(
    '/www',
    (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      let file: string;
      try {
        file = normalize(join(clientDist, decodeURIComponent(req.path)));
      } catch {
        return next(); // a malformed escape: express.static answers it
      }
      if (!file.startsWith(root)) return next();
      precompressedTwin(req, res, file).then((twin) => {
        if (twin) {
          announceTwin(res, file, twin.encoding);
          req.url = `${req.path}${twin.file.slice(file.length)}`;
        }
        next();
      }, next);
    },
    express.static(clientDist, {
      index: false,
      setHeaders(res, path) {
        res.setHeader(
          'Cache-Control',
          path.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The service worker lives under /www/ but controls every page of the app.
        if (path.startsWith(join(clientDist, 'sw.js'))) res.setHeader('Service-Worker-Allowed', '/');
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
    precompressedTwin(req, res, indexHtml).then((twin) => {
      if (twin) announceTwin(res, indexHtml, twin.encoding);
      res.sendFile(twin?.file ?? indexHtml, { headers: { 'Cache-Control': 'no-cache' } }, (err) => {
        if (!err) return;
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
          res.removeHeader('Content-Encoding');
          res.status(200).type('html').send(NOT_BUILT);
        } else next(err);
      });
    }, next);
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    logger.error({ err }, 'serving the client failed');
    if (!res.headersSent) res.status(500).type('text/plain').send('Internal error');
  });
}
