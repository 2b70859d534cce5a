import { resetPassword } from '@bourse/core/accounts/passwordReset/passwordReset.ts';
import type { passwordResetRoutes } from '@bourse/shared';
import type { Handler } from '../../http/mountRoute.ts';
import { passwordResetDeps } from './passwordResetDeps.ts';

export const resetPasswordHandler: Handler<typeof passwordResetRoutes.resetPassword> = async (ctx) => {
  await resetPassword(passwordResetDeps(ctx.app), ctx.body, ctx.ip);
  return null;
};
