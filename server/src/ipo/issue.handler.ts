import type { ipoRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { issueByCode } from './queries.ts';
import { ipoView } from './views.ts';

export const issueHandler: Handler<typeof ipoRoutes.issue> = async (ctx) => {
  const { ipo, draw } = await issueByCode(ctx.app.db, ctx.query.code);
  return ipoView(ipo, draw);
};
