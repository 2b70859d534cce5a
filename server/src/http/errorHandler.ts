import { logger } from '@bourse/core/platform/logger.ts';
import { ThrottledWarning } from '@bourse/core/platform/throttledWarning.ts';
import { DomainError } from '@bourse/shared';
import type { NextFunction, Request, Response } from 'express';
import { failureEnvelope, toFailure } from './failure.ts';
import { localeOf } from './locale.ts';

/**
 * A 5xx the code chose (503 common.unavailable: the request limit or the order queue full, Redis
 * down, no market yet) comes by the thousand in an overload, and its cause is not in the request:
 * a line a minute with the count. Anything else that ends in a 5xx is a fault, logged each time.
 */
const refused = new ThrottledWarning('requests refused as unavailable', 60_000);

/** The one place where API errors become envelopes, in the language the request asked for. */
export function apiErrorHandler(err: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(err);
    return;
  }
  const failure = toFailure(err);
  if (failure.status >= 500 && err instanceof DomainError)
    refused.warn({ key: err.key, method: req.method, url: req.originalUrl });
  else if (failure.status >= 500)
    logger.error({ err, method: req.method, url: req.originalUrl }, 'request failed');
  res.status(failure.status).json(failureEnvelope(failure, localeOf(req.get('accept-language'))));
}
