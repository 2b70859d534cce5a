import { fundRecords } from '@bourse/core/store/fundRecords.ts';
import type { fundRecordRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const fundRecordsHandler: Handler<typeof fundRecordRoutes.list> = (ctx) =>
  fundRecords(ctx.app.db, signedIn(ctx).userId, ctx.query);
