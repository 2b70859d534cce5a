import { LIVE_RANK_LISTS } from '@bourse/core/market/marketState.ts';
import { parseInput } from '@bourse/core/platform/validation.ts';
import { marketRoutes, ok } from '@bourse/shared';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { RouteEntry } from '../http/mountRoute.ts';

/** dragonTiger is not among them: history/dragonTiger.handler.ts answers it, mounted ahead of this route. */
const liveListSchema = z.enum(LIVE_RANK_LISTS, { message: 'market.unknownList' });

/**
 * A live list as the feed last published it (this process holds it: loaded from the rank keys,
 * kept by the rank channel); empty if the feed has not published it yet. Mounted by hand: the
 * list is a path parameter, which contract handlers do not receive.
 */
export const rankRoute: RouteEntry = {
  contract: marketRoutes.rank,
  mount(router, app) {
    router.get(marketRoutes.rank.path, async (req: Request, res: Response) => {
      const list = parseInput(liveListSchema, req.params.list);
      parseInput(marketRoutes.rank.query!, req.query);
      res.json(ok(app.market.rankOrEmpty(list)));
    });
  },
};
