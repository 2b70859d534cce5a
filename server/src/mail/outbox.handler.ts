import type { passwordResetRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';
import { listOutbox } from './mailer.ts';

export const outboxHandler: Handler<typeof passwordResetRoutes.outbox> = (ctx) =>
  listOutbox(ctx.app.db, ctx.query);
