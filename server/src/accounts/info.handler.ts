import { loadUserInfo } from '@bourse/core/accounts/users.ts';
import type { userRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const infoHandler: Handler<typeof userRoutes.info> = async (ctx) =>
  loadUserInfo(ctx.app.db, signedIn(ctx).userId);
