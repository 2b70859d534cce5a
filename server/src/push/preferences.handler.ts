import { preferencesOf, setPreferences } from '@bourse/core/push';
import type { pushRoutes } from '@bourse/shared';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const preferencesHandler: Handler<typeof pushRoutes.preferences> = (ctx) =>
  preferencesOf(ctx.app.db, signedIn(ctx).userId);

export const setPreferencesHandler: Handler<typeof pushRoutes.setPreferences> = (ctx) =>
  setPreferences(ctx.app.db, signedIn(ctx).userId, ctx.body.off);
