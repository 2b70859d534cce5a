import type { userRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

/** The server's clock as it answers; never from a cache, or the round trip would measure nothing. */
export const pingHandler: Handler<typeof userRoutes.ping> = async (ctx) => {
  ctx.setHeader('Cache-Control', 'no-store');
  return { serverTime: Date.now() };
};
