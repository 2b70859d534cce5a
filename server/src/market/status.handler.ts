import { DomainError, type marketRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

/** 503 until the feed has published a status (or while Redis is unreachable at start). */
export const statusHandler: Handler<typeof marketRoutes.status> = async ({ app }) => {
  const status = app.market.status;
  if (!status) throw new DomainError('common.unavailable');
  return status;
};
