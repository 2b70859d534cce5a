import { complaintsOf } from '@bourse/core/store/complaints/complaints.ts';
import type { complaintRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

export const myComplaintsHandler: Handler<typeof complaintRoutes.mine> = (ctx) =>
  complaintsOf(ctx.app.db, signedIn(ctx).userId, ctx.query);
