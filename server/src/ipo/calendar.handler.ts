import type { ipoRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { calendar } from './queries.ts';
import { ipoView } from './views.ts';

export const calendarHandler: Handler<typeof ipoRoutes.calendar> = async (ctx) => {
  const rows = await calendar(ctx.app.db, ctx.query.status);
  return rows.map((r) => ipoView(r.ipo, r.draw));
};
