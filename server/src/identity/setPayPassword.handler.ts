import { setPayPassword } from '@bourse/core/identity/payPassword.ts';
import type { identityRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const setPayPasswordHandler: Handler<typeof identityRoutes.setPayPassword> = async (ctx) =>
  setPayPassword(ctx.app, signedIn(ctx).userId, ctx.body);
