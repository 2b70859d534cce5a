import { resetPassword } from '@bourse/core/accounts/passwordReset/passwordReset.ts';
import type { passwordResetRoutes } from '@bourse/shared';
import type { Handler } from '../../http/mountRoute.ts';

export const resetPasswordHandler: Handler<typeof passwordResetRoutes.resetPassword> = async (ctx) => {
  await resetPassword(ctx.app.services.passwordReset, ctx.body, ctx.ip);
  return null;
};
