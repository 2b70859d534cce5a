import { allComplaints } from '@bourse/core/store/complaints/complaints.ts';
import type { complaintRoutes } from '@bourse/shared';
import type { Handler } from '../../http/mountRoute.ts';

export const adminComplaintsHandler: Handler<typeof complaintRoutes.adminList> = (ctx) =>
  allComplaints(ctx.app.db, ctx.query);
