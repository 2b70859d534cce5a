import { langSetting } from '@bourse/core/accounts/users.ts';
import { users } from '@bourse/core/db/schema.ts';
import type { userRoutes } from '@bourse/shared';
import { eq } from 'drizzle-orm';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const langHandler: Handler<typeof userRoutes.setLang> = async (ctx) => {
  await ctx.app.db
    .update(users)
    .set({ lang: ctx.body.lang })
    .where(eq(users.id, signedIn(ctx).userId));
  return { lang: langSetting(ctx.body.lang) };
};
