import {
  adminRefund,
  approveEscalation,
  approveRefund,
  confirmReturn,
  escalatedRefunds,
  refundsInState,
  refuseRefund,
  upholdRefusal,
} from '@bourse/core/store/refunds';
import type { refundRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

type R = typeof refundRoutes;

/** Back office answers for the shop until the seller console exists (issue 14 §6); each action records who. */
const admin = (ctx: Parameters<Handler<R['adminApprove']>>[0]) =>
  ({ actor: 'admin', userId: signedIn(ctx).userId }) as const;

export const adminRefundsHandler: Handler<R['adminList']> = (ctx) => refundsInState(ctx.app.db, ctx.query);

export const approveRefundHandler: Handler<R['adminApprove']> = async (ctx) => {
  await approveRefund(ctx.app.services.refunds, admin(ctx), ctx.body.id);
  return adminRefund(ctx.app.db, ctx.body.id);
};

export const refuseRefundHandler: Handler<R['adminRefuse']> = async (ctx) => {
  const { id, ...refusal } = ctx.body;
  await refuseRefund(ctx.app.services.refunds, admin(ctx), id, refusal);
  return adminRefund(ctx.app.db, id);
};

export const confirmReturnHandler: Handler<R['adminConfirmReturn']> = async (ctx) => {
  await confirmReturn(ctx.app.services.refunds, admin(ctx), ctx.body.id);
  return adminRefund(ctx.app.db, ctx.body.id);
};

export const escalatedRefundsHandler: Handler<R['adminEscalated']> = (ctx) =>
  escalatedRefunds(ctx.app.db, ctx.query);

/** The platform's ruling on an escalated refund; the admin is recorded as its author. */
export const approveEscalationHandler: Handler<R['adminApproveEscalation']> = async (ctx) => {
  await approveEscalation(ctx.app.services.refunds, signedIn(ctx).userId, ctx.body.id);
  return adminRefund(ctx.app.db, ctx.body.id);
};

export const upholdRefusalHandler: Handler<R['adminUpholdRefusal']> = async (ctx) => {
  await upholdRefusal(ctx.app.services.refunds, signedIn(ctx).userId, ctx.body);
  return adminRefund(ctx.app.db, ctx.body.id);
};
