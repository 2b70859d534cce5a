import type { userRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { revokeSession } from './sessions.ts';

export const logoutHandler: Handler<typeof userRoutes.logout> = async (ctx) => {
  await revokeSession(ctx.app.db, signedIn(ctx).id);
  return null;
};
