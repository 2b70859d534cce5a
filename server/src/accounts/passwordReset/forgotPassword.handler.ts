import { requestReset } from '@bourse/core/accounts/passwordReset/passwordReset.ts';
import type { passwordResetRoutes } from '@bourse/shared';
import type { Handler } from '../../http/mountRoute.ts';
import { passwordResetDeps } from './passwordResetDeps.ts';

export const forgotPasswordHandler: Handler<typeof passwordResetRoutes.forgotPassword> = async (ctx) => {
  await requestReset(passwordResetDeps(ctx.app), ctx.body.account, ctx.ip);
  return null;
};
