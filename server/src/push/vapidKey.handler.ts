import type { pushRoutes } from '@bourse/shared';
import type { Handler } from '../http/mountRoute.ts';

export const vapidKeyHandler: Handler<typeof pushRoutes.vapidKey> = async (ctx) => ({
  publicKey: (await ctx.app.vapidKeys()).publicKey,
});
