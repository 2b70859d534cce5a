import type { bankingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';
import { listTransfers } from './transfers.ts';

export const transfersHandler: Handler<typeof bankingRoutes.transfers> = async (ctx) =>
  listTransfers(ctx.app.db, signedIn(ctx).userId, ctx.query);
