import { ok, translateError, userRoutes } from '@bourse/shared';
import { sql } from 'drizzle-orm';
import type { Request, Response } from 'express';
import { localeOf } from '../http/locale.ts';
import type { RouteEntry } from '../http/mountRoute.ts';
import type { AppContext } from './appContext.ts';

const PROBE_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** Mounted by hand: a failing probe answers 503 with the same data, which a contract handler cannot. */
export const healthRoute: RouteEntry = {
  contract: userRoutes.health,
  mount(router, app: AppContext) {
    router.get(userRoutes.health.path, async (req: Request, res: Response) => {
      const [db, redis] = await Promise.all([
        probe(() => app.db.execute(sql`select 1`)),
        probe(() => app.redis.ping()),
      ]);
      const data = { db, redis };
      if (db === 'ok' && redis === 'ok') {
        res.json(ok(data));
        return;
      }
      res.status(503).json({
        code: 503,
        msg: translateError(localeOf(req.get('accept-language')), 'common.unavailable'),
        key: 'common.unavailable',
        data,
      });
    });
  },
};
