import type { ipoRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { createIpo } from './createIpo.ts';
import { ipoView } from './views.ts';

export const adminCreateHandler: Handler<typeof ipoRoutes.adminCreate> = async (ctx) =>
  ipoView(await createIpo(ctx.app.db, ctx.body), null);
