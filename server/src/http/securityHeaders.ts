import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The client's Content-Security-Policy (docs/adr/0012-token-cookie-and-csp.md): scripts,
 * styles and connections (the API and Socket.IO, ws: included) from this origin only, no
 * inline script or style, no plugins, never framed. Images and fonts may also be data: URLs;
 * images also blob: URLs, the previews of pictures chosen for upload (never fetched from anywhere).
 */
const CLIENT_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
};

/** bull-board's page (/admin/queues, admins only) ships inline styles and Google's fonts. */
const QUEUE_DASHBOARD_DIRECTIVES = {
  ...CLIENT_DIRECTIVES,
  'font-src': ["'self'", 'data:', 'https://fonts.gstatic.com'],
  'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
};

function headers(directives: Record<string, string[]>, https: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // Upgrading would break a plain-HTTP install on a LAN address; over HTTPS it is free.
      directives: https ? { ...directives, 'upgrade-insecure-requests': [] } : directives,
    },
    // A browser remembers HSTS for the host: only an answer over HTTPS may ask for it.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/**
 * Security headers on every response (helmet): the CSP above, nosniff, frame denial,
 * no referrer, and HSTS when the request came over HTTPS (req.secure, which honours
 * X-Forwarded-Proto from the hops TRUST_PROXY trusts).
 */
export function securityHeaders(kind: 'client' | 'queueDashboard' = 'client'): RequestHandler {
  const directives = kind === 'client' ? CLIENT_DIRECTIVES : QUEUE_DASHBOARD_DIRECTIVES;
  const overHttps = headers(directives, true);
  const overHttp = headers(directives, false);
  return (req: Request, res: Response, next: NextFunction) =>
    (req.secure ? overHttps : overHttp)(req, res, next);
}
