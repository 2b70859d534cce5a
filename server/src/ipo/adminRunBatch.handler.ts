import { batchProgress, startAllotmentRun } from '@bourse/core/ipo/allotmentRuns.ts';
import { issueByCode } from '@bourse/core/ipo/queries.ts';
import type { ipoRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const adminRunBatchHandler: Handler<typeof ipoRoutes.adminRunBatch> = async (ctx) => {
  const { db } = ctx.app;
  const { ipo } = await issueByCode(db, ctx.body.code);
  await startAllotmentRun(db, ctx.app.services.allotmentQueue, ipo.id);
  return batchProgress(db, ctx.body.code);
};
