import { revokeSession } from '@bourse/core/accounts/sessions.ts';
import type { userRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const logoutHandler: Handler<typeof userRoutes.logout> = async (ctx) => {
  const { id } = signedIn(ctx);
  await ctx.app.sessionCache.revoke(await revokeSession(ctx.app.db, id));
  // Its open /user sockets would otherwise keep hearing the account.
  await ctx.app.userSockets.disconnect({ sessionId: id });
  return null;
};
