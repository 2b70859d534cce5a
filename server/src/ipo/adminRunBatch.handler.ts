import type { ipoRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { appAllotmentQueue, batchProgress, startAllotmentRun } from './allotmentRuns.ts';
import { issueByCode } from './queries.ts';

export const adminRunBatchHandler: Handler<typeof ipoRoutes.adminRunBatch> = async (ctx) => {
  const { db } = ctx.app;
  const { ipo } = await issueByCode(db, ctx.body.code);
  await startAllotmentRun(db, appAllotmentQueue(ctx.app), ipo.id);
  return batchProgress(db, ctx.body.code);
};
