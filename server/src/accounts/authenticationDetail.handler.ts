import { authenticationDetailOf } from '@bourse/core/identity/verification.ts';
import type { userRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const authenticationDetailHandler: Handler<typeof userRoutes.authenticationDetail> = async (ctx) =>
  authenticationDetailOf(ctx.app.db, signedIn(ctx).userId);
