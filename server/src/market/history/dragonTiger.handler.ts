import { dragonTigerDates, readDragonTigerDay } from '@bourse/core/market/history/dragonTigerStore.ts';
import { parseInput } from '@bourse/core/platform/validation.ts';
import { DomainError, marketRoutes, ok } from '@bourse/shared';
import type { Request, Response } from 'express';
import type { Handler, RouteEntry } from '../../http/mountRoute.ts';

/**
 * GET /market/rank/dragonTiger?date: the list of a trading day from PostgreSQL, the latest
 * without a date. Mounted ahead of /market/rank/:list, whose contract it answers.
 */
export const dragonTigerRoute: RouteEntry = {
  contract: marketRoutes.rank,
  mount(router, app) {
    router.get('/market/rank/dragonTiger', async (req: Request, res: Response) => {
      const { date } = parseInput(marketRoutes.rank.query!, req.query);
      const day = await readDragonTigerDay(app.db, date);
      if (!day) throw new DomainError('market.noDragonTigerList');
      res.json(ok(day));
    });
  },
};

/** The trading days that have a list, newest first: the date picker's choices. */
export const dragonTigerDatesHandler: Handler<typeof marketRoutes.dragonTigerDates> = async ({
  query,
  app,
}) => ({
  dates: await dragonTigerDates(app.db, query.limit),
});
