import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { isDecimalString } from '../money.ts';
import { pageQuery, pageResponse } from './paging.ts';

/**
 * New-share issues (IPOs): the calendar, the user's quota and subscription, and the back
 * office's batch control. Money is decimal strings; shares are integers.
 */
export const IPO_STATUSES = [
  'upcoming',
  'subscribing',
  'awaiting_allotment',
  'awaiting_payment',
  /** Paid for; the shares arrive on the listing date. */
  'awaiting_listing',
  'listed',
] as const;
export type IpoStatus = (typeof IPO_STATUSES)[number];

/** Where one subscription stands, from the user's side. */
export const SUBSCRIPTION_STATES = [
  /** Taken; the draw is on T+1. */
  'pending',
  /** Drawn, nothing won. */
  'lost',
  /** Won units; payment due by 16:00 on T+2. */
  'won',
  /** Paid for every unit won (or some: the rest abandoned for lack of cash). */
  'paid',
  /** Nothing paid: every unit won was abandoned. */
  'abandoned',
  /** The paid shares are a position since the listing day. */
  'listed',
] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

const money = z.string().refine(isDecimalString);
const code = z.string({ message: 'market.badSymbol' }).regex(/^\d{6}$/, { message: 'market.badSymbol' });
/** A real calendar date as YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDate(value: string): boolean {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
}
const isoDate = z.string({ message: 'ipo.badDate' }).refine(isCalendarDate, { message: 'ipo.badDate' });

export const ipoSchema = z.object({
  code: z.string(),
  name: z.string(),
  exchange: z.enum(['SSE', 'SZSE']),
  board: z.enum(['main', 'chinext', 'star']),
  price: money,
  /** Shares per subscription unit (500); one lottery number each. */
  unitShares: z.number().int(),
  onlineShares: z.number().int(),
  /** The most shares one account may subscribe: 1/1000 of the online tranche, whole units. */
  maxShares: z.number().int(),
  subscriptionDate: z.string(),
  allotmentDate: z.string(),
  paymentDate: z.string(),
  listingDate: z.string(),
  status: z.enum(IPO_STATUSES),
  /** SHA-256 of the draw's seed, published before the draw. */
  seedCommitment: z.string(),
  /** After the draw: the seed, the numbers handed out, the winning tails and the win rate (%). */
  draw: z
    .object({
      seed: z.string(),
      firstNumber: z.number().int(),
      totalNumbers: z.number().int(),
      tails: z.array(z.string()),
      winningNumbers: z.number().int(),
      winRate: money,
    })
    .nullable(),
});
export type IpoView = z.infer<typeof ipoSchema>;

/** The user's quota on the issue's exchange for its subscription date. */
export const ipoQuotaSchema = z.object({
  exchange: z.enum(['SSE', 'SZSE']),
  /** Average daily holdings value over the window (days with nothing held count as zero). */
  averageHoldingValue: money,
  window: z.object({ from: z.string(), to: z.string() }),
  /** One unit per 5,000 CNY from 10,000 CNY. */
  quotaShares: z.number().int(),
  /** What the user may subscribe: the quota, capped at the issue's maxShares; 0 when none. */
  maxShares: z.number().int(),
  /** Subscription barred until this date after three abandons in 12 months; null when not barred. */
  barredUntil: z.string().nullable(),
});
export type IpoQuota = z.infer<typeof ipoQuotaSchema>;

export const ipoSubscriptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  price: money,
  shares: z.number().int(),
  subscribedAt: z.string(),
  state: z.enum(SUBSCRIPTION_STATES),
  ipoStatus: z.enum(IPO_STATUSES),
  allotmentDate: z.string(),
  paymentDate: z.string(),
  listingDate: z.string(),
  /** The lottery numbers (配号), first … first + count − 1, once numbered. */
  numbers: z.object({ first: z.number().int(), count: z.number().int() }).nullable(),
  /** Once drawn: shares won and what they cost. */
  wonShares: z.number().int().nullable(),
  amountDue: money.nullable(),
  /** Once the payment day closed: shares paid for and abandoned. */
  paidShares: z.number().int().nullable(),
  abandonedShares: z.number().int().nullable(),
});
export type IpoSubscriptionView = z.infer<typeof ipoSubscriptionSchema>;

export const subscribeIpoSchema = z.object({
  code,
  shares: z
    .number({ message: 'ipo.unitsInvalid' })
    .int({ message: 'ipo.unitsInvalid' })
    .positive({ message: 'ipo.unitsInvalid' })
    .max(100_000_000, { message: 'ipo.unitsInvalid' }),
  payPassword: z.unknown(),
});
export type SubscribeIpo = z.infer<typeof subscribeIpoSchema>;

export const newIpoSchema = z.object({
  code,
  name: z.string({ message: 'validation.name' }).trim().min(1, { message: 'validation.name' }).max(20, {
    message: 'validation.name',
  }),
  price: z.string({ message: 'ipo.badPrice' }).refine(isDecimalString, { message: 'ipo.badPrice' }),
  onlineShares: z
    .number({ message: 'ipo.badOnlineShares' })
    .int({ message: 'ipo.badOnlineShares' })
    .positive({ message: 'ipo.badOnlineShares' }),
  subscriptionDate: isoDate,
  listingDate: isoDate.optional(),
});
export type NewIpoRequest = z.infer<typeof newIpoSchema>;

export const allotmentProgressSchema = z.object({
  code: z.string(),
  status: z.enum(IPO_STATUSES),
  run: z.number().int(),
  chunks: z.number().int(),
  doneChunks: z.number().int(),
  subscriptions: z.number().int(),
  numbers: z.number().int(),
  winningNumbers: z.number().int(),
  drawnWinningNumbers: z.number().int().nullable(),
});
export type AllotmentProgressView = z.infer<typeof allotmentProgressSchema>;

const byCode = z.object({ code });

export const ipoRoutes = {
  calendar: defineRoute({
    method: 'get',
    path: '/ipo/calendar',
    summary: 'New issues by status (all when none is given), in subscription date order',
    auth: 'public',
    query: z.object({ status: z.enum(IPO_STATUSES, { message: 'ipo.badStatus' }).optional() }),
    response: z.array(ipoSchema),
  }),
  issue: defineRoute({
    method: 'get',
    path: '/ipo/issue',
    summary: 'One issue, open to all (the detail screen shows it before login)',
    auth: 'public',
    query: byCode,
    response: ipoSchema,
  }),
  detail: defineRoute({
    method: 'get',
    path: '/ipo/detail',
    summary: "An issue with the user's quota for it and their subscription, if any",
    auth: 'user',
    query: byCode,
    response: z.object({
      ipo: ipoSchema,
      quota: ipoQuotaSchema,
      subscription: ipoSubscriptionSchema.nullable(),
    }),
  }),
  subscribe: defineRoute({
    method: 'post',
    path: '/ipo/subscribe',
    summary: 'Subscribe whole units within the quota, once per issue; needs real name and payment password',
    auth: 'user',
    body: subscribeIpoSchema,
    response: ipoSubscriptionSchema,
  }),
  subscriptions: defineRoute({
    method: 'get',
    path: '/ipo/subscriptions',
    summary: "The user's subscriptions with numbers, results and payment, newest first",
    auth: 'user',
    query: z.object(pageQuery),
    response: pageResponse(ipoSubscriptionSchema),
  }),
  adminCreate: defineRoute({
    method: 'post',
    path: '/admin/ipo',
    summary: 'Back office: create an upcoming issue',
    auth: 'admin',
    body: newIpoSchema,
    response: ipoSchema,
  }),
  adminRunBatch: defineRoute({
    method: 'post',
    path: '/admin/ipo/batch',
    summary: 'Back office: start (or re-run) the allotment batch of an issue awaiting allotment',
    auth: 'admin',
    body: byCode,
    response: allotmentProgressSchema,
  }),
  adminProgress: defineRoute({
    method: 'get',
    path: '/admin/ipo/progress',
    summary: "Back office: an issue's allotment batch progress",
    auth: 'admin',
    query: byCode,
    response: allotmentProgressSchema,
  }),
} as const;
