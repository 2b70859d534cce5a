import type { userRoutes } from '@bourse/shared';
import { desc, eq } from 'drizzle-orm';
import { realNameVerifications } from '../db/schema.ts';
import { type Handler, signedIn } from '../http/mountRoute.ts';

export const authenticationDetailHandler: Handler<typeof userRoutes.authenticationDetail> = async (ctx) => {
  const [latest] = await ctx.app.db
    .select()
    .from(realNameVerifications)
    .where(eq(realNameVerifications.userId, signedIn(ctx).userId))
    .orderBy(desc(realNameVerifications.submittedAt))
    .limit(1);
  if (!latest) return { status: 'none', realName: null, idNumberMasked: null };
  return { status: latest.status, realName: latest.realName, idNumberMasked: latest.idNumberMasked };
};
