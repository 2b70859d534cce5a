import type { complaintRoutes } from '@bourse/shared';
import type { Handler } from '../../http/mountRoute.ts';
import { allComplaints } from './complaints.ts';

export const adminComplaintsHandler: Handler<typeof complaintRoutes.adminList> = (ctx) =>
  allComplaints(ctx.app.db, ctx.query);
