import type { ipoRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { batchProgress } from './allotmentRuns.ts';

export const adminProgressHandler: Handler<typeof ipoRoutes.adminProgress> = (ctx) =>
  batchProgress(ctx.app.db, ctx.query.code);
