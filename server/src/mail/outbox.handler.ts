import { listOutbox } from '@bourse/core/mail/mailer.ts';
import type { passwordResetRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const outboxHandler: Handler<typeof passwordResetRoutes.outbox> = (ctx) =>
  listOutbox(ctx.app.db, ctx.query);
