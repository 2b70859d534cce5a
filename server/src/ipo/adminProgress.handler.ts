import { batchProgress } from '@bourse/core/ipo/allotmentRuns.ts';
import type { ipoRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const adminProgressHandler: Handler<typeof ipoRoutes.adminProgress> = (ctx) =>
  batchProgress(ctx.app.db, ctx.query.code);
