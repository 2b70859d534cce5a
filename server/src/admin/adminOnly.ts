import { authenticate } from '@bourse/core/accounts/sessions.ts';
import { DomainError } from '@bourse/shared';
import type { NextFunction, Request, Response } from 'express';
import { sessionToken } from '../http/sessionToken.ts';
import type { AppContext } from '../platform/appContext.ts';

/** 401 without a live session, 403 for anyone but an admin: before anything of back office's that is not a contract route. */
export function adminOnly(app: AppContext) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const session = await authenticate(app.db, sessionToken(req));
    if (session.role !== 'admin') throw new DomainError('common.forbidden');
    next();
  };
}
