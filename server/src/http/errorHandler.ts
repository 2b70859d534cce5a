import { logger } from '@bourse/core/platform/logger.ts';
import type { NextFunction, Request, Response } from 'express';
import { failureEnvelope, toFailure } from './failure.ts';
import { localeOf } from './locale.ts';

/** The one place where API errors become envelopes, in the language the request asked for. */
export function apiErrorHandler(err: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(err);
    return;
  }
  const failure = toFailure(err);
  if (failure.status >= 500)
    logger.error({ err, method: req.method, url: req.originalUrl }, 'request failed');
  res.status(failure.status).json(failureEnvelope(failure, localeOf(req.get('accept-language'))));
}
