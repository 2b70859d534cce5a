import { calendar } from '@bourse/core/ipo/queries.ts';
import { ipoView } from '@bourse/core/ipo/views.ts';
import type { ipoRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const calendarHandler: Handler<typeof ipoRoutes.calendar> = async (ctx) => {
  const rows = await calendar(ctx.app.db, ctx.query.status);
  return rows.map((r) => ipoView(r.ipo, r.draw));
};
