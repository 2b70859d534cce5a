import { payPasswordStatus } from '@bourse/core/identity/payPassword.ts';
import type { identityRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const payPasswordStatusHandler: Handler<typeof identityRoutes.payPasswordStatus> = async (ctx) =>
  payPasswordStatus(ctx.app, signedIn(ctx).userId);
