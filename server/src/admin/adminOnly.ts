import { authenticate } from '@bourse/core/accounts/sessions.ts';
import { DomainError } from '@bourse/shared';
import type { NextFunction, Request, Response } from 'express';
import type { AppContext } from '../platform/appContext.ts';

/** A browser opening the dashboard, or an <img> of the desk, sends the session as the client's Admin-Token cookie, not a header. */
function sessionToken(req: Request): string | undefined {
  const header = req.get('token');
  if (header) return header;
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'Admin-Token') return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** 401 without a live session, 403 for anyone but an admin: before anything of back office's that is not a contract route. */
export function adminOnly(app: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const session = await authenticate(app.db, sessionToken(req));
    if (session.role !== 'admin') throw new DomainError('common.forbidden');
    next();
  };
}
