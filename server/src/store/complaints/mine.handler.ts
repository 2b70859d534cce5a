import type { complaintRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';
import { complaintsOf } from './complaints.ts';

export const myComplaintsHandler: Handler<typeof complaintRoutes.mine> = (ctx) =>
  complaintsOf(ctx.app.db, signedIn(ctx).userId, ctx.query);
