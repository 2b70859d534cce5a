import { createIpo } from '@bourse/core/ipo/createIpo.ts';
import { ipoView } from '@bourse/core/ipo/views.ts';
import type { ipoRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const adminCreateHandler: Handler<typeof ipoRoutes.adminCreate> = async (ctx) =>
  ipoView(await createIpo(ctx.app.db, ctx.body), null);
