import { requestReset } from '@bourse/core/accounts/passwordReset/passwordReset.ts';
import type { passwordResetRoutes } from '@bourse/shared';
import type { Handler } from '../../http/mountRoute.ts';

export const forgotPasswordHandler: Handler<typeof passwordResetRoutes.forgotPassword> = async (ctx) => {
  await requestReset(ctx.app.services.passwordReset, ctx.body.account, ctx.ip);
  return null;
};
