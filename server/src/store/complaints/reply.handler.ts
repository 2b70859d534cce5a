import { replyToComplaint } from '@bourse/core/store/complaints/complaints.ts';
import type { complaintRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../../http/mountRoute.ts';

/** Back office's reply; the admin is recorded as its author. */
export const replyComplaintHandler: Handler<typeof complaintRoutes.adminReply> = (ctx) =>
  replyToComplaint({ db: ctx.app.db, messages: ctx.app.services.messages }, signedIn(ctx).userId, ctx.body);
