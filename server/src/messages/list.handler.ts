import type { messageRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { listMessages } from './inbox.ts';

export const listHandler: Handler<typeof messageRoutes.list> = async (ctx) =>
  listMessages(ctx.app.db, signedIn(ctx).userId, ctx.query);
