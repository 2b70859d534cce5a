import { storeHome } from '@bourse/core/store/home.ts';
import type { storeRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const homeHandler: Handler<typeof storeRoutes.home> = (ctx) => storeHome(ctx.app.db, ctx.locale);
