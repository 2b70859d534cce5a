import { listMessages } from '@bourse/core/messages/inbox.ts';
import type { messageRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const listHandler: Handler<typeof messageRoutes.list> = async (ctx) =>
  listMessages(ctx.app.db, signedIn(ctx).userId, ctx.query);
