import { auditWithdrawal, withdrawalsInState } from '@bourse/core/store/withdrawals/withdrawals.ts';
import type { withdrawalRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

type R = typeof withdrawalRoutes;

export const adminWithdrawalsHandler: Handler<R['adminList']> = (ctx) =>
  withdrawalsInState(ctx.app.db, ctx.query);

export const passWithdrawalHandler: Handler<R['adminPass']> = (ctx) =>
  auditWithdrawal(ctx.app.services.withdrawals, signedIn(ctx).userId, { outcome: 'pass', ...ctx.body });

export const refuseWithdrawalHandler: Handler<R['adminRefuse']> = (ctx) =>
  auditWithdrawal(ctx.app.services.withdrawals, signedIn(ctx).userId, { outcome: 'refuse', ...ctx.body });
