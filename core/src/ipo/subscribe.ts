import {
  DomainError,
  formatMoney,
  type IpoSubscriptionView,
  ipoRulesAt,
  type SubscribeIpo,
} from '@bourse/shared';
import { and, eq } from 'drizzle-orm';
import { checkPayPassword, requireVerifiedUser } from '../identity/index.ts';
import type { PlatformContext } from '../platform/context.ts';
import { type MarketView, tradingDateOf } from '../trading/marketView.ts';
import { issueByCode, subscriptionOf } from './queries.ts';
import { ipoQuota } from './quota.ts';
import { ipoSubscriptions, ipos } from './schema.ts';
import { subscriptionView, unitSharesOf } from './views.ts';

/**
 * Subscribes whole units within the user's quota, once per issue (the first counts, as on the
 * exchanges); nothing is frozen. Every refusal comes before the payment password is checked,
 * so a wrong form never counts against its attempts, and nothing is written before it passes.
 */
export async function subscribeIpo(
  app: PlatformContext,
  market: MarketView,
  userId: string,
  body: SubscribeIpo,
): Promise<IpoSubscriptionView> {
  await requireVerifiedUser(app.db, userId);
  const { ipo } = await issueByCode(app.db, body.code);
  if (ipo.status !== 'subscribing') throw new DomainError('ipo.notSubscribing');
  const unit = unitSharesOf(ipo);
  if (body.shares % unit !== 0) throw new DomainError('ipo.unitsInvalid', { unit });
  if (await subscriptionOf(app.db, userId, ipo.id)) throw new DomainError('ipo.alreadySubscribed');
  const today = tradingDateOf(await market.status());
  const quota = await ipoQuota(app.db, userId, ipo, today);
  if (quota.barredUntil) throw new DomainError('ipo.barred', { until: quota.barredUntil });
  if (quota.quotaShares === 0) {
    throw new DomainError('ipo.noQuota', {
      min: formatMoney(ipoRulesAt(ipo.subscriptionDate).minHoldingValue, 0),
    });
  }
  if (body.shares > quota.maxShares) throw new DomainError('ipo.aboveQuota', { max: quota.maxShares });
  await checkPayPassword(app, userId, body.payPassword);
  await app.db.transaction(async (tx) => {
    // Shares the row lock the calendar takes to close subscriptions: none slips in after.
    const [open] = await tx
      .select({ id: ipos.id })
      .from(ipos)
      .where(and(eq(ipos.id, ipo.id), eq(ipos.status, 'subscribing')))
      .for('share');
    if (!open) throw new DomainError('ipo.notSubscribing');
    const [taken] = await tx
      .insert(ipoSubscriptions)
      .values({ ipoId: ipo.id, userId, units: body.shares / unit })
      .onConflictDoNothing()
      .returning({ id: ipoSubscriptions.id });
    if (!taken) throw new DomainError('ipo.alreadySubscribed');
  });
  const rows = await subscriptionOf(app.db, userId, ipo.id);
  if (!rows) throw new Error('subscription vanished after insert');
  return subscriptionView(rows);
}
