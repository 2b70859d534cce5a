import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { cashAmountSchema } from './banking.ts';
import { pageQuery, pageResponse } from './paging.ts';

/**
 * The cash fund (/personCenter/money): subscribe cash into a money-market fund, redeem units back
 * to cash, and see its daily yields. The rounding rules are in shared/src/fund/cashFund.ts.
 */

export const FUND_OPERATION_KINDS = ['subscribe', 'redeem', 'yield'] as const;
export type FundOperationKind = (typeof FUND_OPERATION_KINDS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const fundDaySchema = z.object({
  date: isoDate,
  /** The fund's income that day per 10,000 units, CNY, four decimals. */
  yieldPer10k: z.string(),
  /** 7-day annualised yield in percent, three decimals ("1.523" is 1.523%). */
  annualised7d: z.string(),
});
export type FundDay = z.infer<typeof fundDaySchema>;

export const cashFundOverviewSchema = z.object({
  nav: z.string(),
  /** Units held (one unit is one yuan at the fixed NAV). */
  units: z.string(),
  /** The user's yield of the latest accrued day, and since the first subscription. */
  latestYield: z.string(),
  totalYield: z.string(),
  /** The fund's latest day, and up to seven days ending with it, oldest first. */
  latestDay: fundDaySchema.nullable(),
  recentDays: z.array(fundDaySchema),
  /** Cash that can be subscribed now: available cash but today's sale proceeds. */
  withdrawable: z.string(),
  /** The T+0 redemption cap per day, and what is left of it today; beyond it a redemption is paid T+1. */
  fastRedeemCap: z.string(),
  fastRedeemLeft: z.string(),
  /** Units redeemed and not yet paid (the parts over the cap), and the first day one is paid. */
  redeeming: z.string(),
  redeemingPayableOn: isoDate.nullable(),
});
export type CashFundOverview = z.infer<typeof cashFundOverviewSchema>;

export const fundOperationSchema = z.object({
  id: z.string(),
  kind: z.enum(FUND_OPERATION_KINDS),
  /** Units added (subscribe, yield) or taken away (redeem, negative). */
  units: z.string(),
  unitsAfter: z.string(),
  /** The fund's calendar day the change belongs to. */
  date: isoDate,
  /** A redemption's units over the day's T+0 cap, paid to cash on `payableOn` ("0.00" otherwise). */
  deferred: z.string(),
  payableOn: isoDate.nullable(),
  /** A subscription's confirmation day, from which its units earn. */
  earnsFrom: isoDate.nullable(),
  createdAt: z.string(),
});
export type FundOperation = z.infer<typeof fundOperationSchema>;

export const fundYieldSchema = z.object({
  date: isoDate,
  /** Units that earned that day: those held from its start to its end. */
  basis: z.string(),
  yieldPer10k: z.string(),
  annualised7d: z.string(),
  /** Paid as units: basis × yieldPer10k / 10,000 with the carried remainder, rounded half-up to the cent. */
  paid: z.string(),
  unitsAfter: z.string(),
});
export type FundYield = z.infer<typeof fundYieldSchema>;

export const fundSubscribeBody = z.object({
  amount: cashAmountSchema('fund.amountNotPositive'),
});
export const fundRedeemBody = z.object({
  units: cashAmountSchema('fund.unitsNotPositive'),
});

export const cashFundRoutes = {
  overview: defineRoute({
    method: 'get',
    path: '/fund/cash',
    summary:
      "The cash fund's NAV, 7-day annualised yield and income per 10,000 units; the user's units and yields",
    auth: 'user',
    response: cashFundOverviewSchema,
  }),
  subscribe: defineRoute({
    method: 'post',
    path: '/fund/cash/subscribe',
    summary:
      'Move cash into the fund at NAV 1.0000 (at most the withdrawable cash); earns from its confirmation on the next trading day',
    auth: 'user',
    idempotent: true,
    body: fundSubscribeBody,
    response: fundOperationSchema,
  }),
  redeem: defineRoute({
    method: 'post',
    path: '/fund/cash/redeem',
    summary:
      'Move units back to cash at NAV 1.0000: up to 10,000 CNY a day at once (T+0), the rest on the next trading day',
    auth: 'user',
    idempotent: true,
    body: fundRedeemBody,
    response: fundOperationSchema,
  }),
  history: defineRoute({
    method: 'get',
    path: '/fund/cash/history',
    summary: "The user's subscriptions, redemptions and yields with the units after each, newest first",
    auth: 'user',
    query: z.object(pageQuery),
    response: pageResponse(fundOperationSchema),
  }),
  yields: defineRoute({
    method: 'get',
    path: '/fund/cash/yields',
    summary: "The user's daily yields with the fund's rates of each day, newest first",
    auth: 'user',
    query: z.object(pageQuery),
    response: pageResponse(fundYieldSchema),
  }),
} as const;

/** BullMQ queue of the fund's daily accrual; the name carries no ':' (BullMQ's key separator). */
export const FUND_QUEUES = { accrual: 'cash-fund-accrual' } as const;
export const FUND_JOBS = { accrue: 'accrue' } as const;

/** Accrues every day not yet accrued up to `through` (default: the day before the fund's today). */
export const fundAccrueJobSchema = z.object({ through: isoDate.optional() });
export type FundAccrueJob = z.infer<typeof fundAccrueJobSchema>;
