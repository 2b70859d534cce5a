import type { identityRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { setPayPassword } from './payPassword.ts';

export const setPayPasswordHandler: Handler<typeof identityRoutes.setPayPassword> = async (ctx) =>
  setPayPassword(ctx.app, signedIn(ctx).userId, ctx.body);
