/**
 * Identity for every feature that moves money or shares out: real-name verification and the
 * payment password.
 *
 *   await requireVerifiedUser(ctx.app.db, userId);          // 403 identity.notVerified
 *   await checkPayPassword(ctx.app, userId, body.payPassword); // payPassword.notSet / wrong / locked
 */
export { checkPayPassword, type PayPasswordContext } from './payPassword.ts';
export { requireVerifiedUser, verifiedRealName } from './verification.ts';
