import { logger } from '@bourse/core/platform/logger.ts';
import { DomainError } from '@bourse/shared';
import type { Request, Response } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorHandler } from './errorHandler.ts';

/** Sends `err` through the handler as a request to `url` would; answers the status it set. */
function handle(err: unknown, url = '/api/store/wallet'): number {
  let status = 0;
  const res = {
    headersSent: false,
    status(code: number) {
      status = code;
      return res;
    },
    json: () => res,
  };
  const req = { method: 'GET', originalUrl: url, get: () => undefined };
  apiErrorHandler(err, req as unknown as Request, res as unknown as Response, () => undefined);
  return status;
}

describe('apiErrorHandler', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('logs a flood of refusals as unavailable once, with a count, and every fault with its stack', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    // A minute on from any refusal an earlier test logged, and still while these 1,000 come.
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    for (let i = 0; i < 1000; i++) expect(handle(new DomainError('common.unavailable'))).toBe(503);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ key: 'common.unavailable', url: '/api/store/wallet' });
    expect(error).not.toHaveBeenCalled();

    expect(handle(new Error('boom'))).toBe(500);
    expect(handle(new Error('boom again'))).toBe(500);
    expect(error).toHaveBeenCalledTimes(2);
  });
});
