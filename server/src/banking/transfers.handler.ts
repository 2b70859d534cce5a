import { listTransfers } from '@bourse/core/banking/transfers.ts';
import type { bankingRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const transfersHandler: Handler<typeof bankingRoutes.transfers> = async (ctx) =>
  listTransfers(ctx.app.db, signedIn(ctx).userId, ctx.query);
