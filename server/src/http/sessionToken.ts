import type { Request } from 'express';

/**
 * The session token of a request a browser makes by itself (a page load, an <img>): the
 * `token` header when there is one, else the client's Admin-Token cookie (docs/adr/0012).
 */
export function sessionToken(req: Request): string | undefined {
  const header = req.get('token');
  if (header) return header;
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'Admin-Token') return decodeURIComponent(value.join('='));
  }
  return undefined;
}
