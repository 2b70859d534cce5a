import { issueByCode } from '@bourse/core/ipo/queries.ts';
import { ipoView } from '@bourse/core/ipo/views.ts';
import type { ipoRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const issueHandler: Handler<typeof ipoRoutes.issue> = async (ctx) => {
  const { ipo, draw } = await issueByCode(ctx.app.db, ctx.query.code);
  return ipoView(ipo, draw);
};
