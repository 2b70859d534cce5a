import { z } from 'zod';

/** BullMQ queues of new-share issues; names carry no ':' (BullMQ's key separator). */
export const IPO_QUEUES = {
  /** The allotment batch: plan, chunks of numbering and draw, finish. */
  allotment: 'ipo-allotment',
  /** The IPO calendar's daily work: pipeline, status changes, holding snapshots, payment, listing. */
  calendar: 'ipo-calendar',
} as const;

export const ALLOTMENT_JOBS = {
  plan: 'plan',
  chunk: 'chunk',
  finish: 'finish',
  /** Every minute (a BullMQ job scheduler) and at start: re-adds the plan job of every started run. */
  sweep: 'sweep',
} as const;

const ipoId = z.number().int().positive();
const run = z.number().int().positive();

/** Plans a batch run (chunks, draw) and enqueues the chunks not done yet; safe to repeat. */
export const allotmentPlanJobSchema = z.object({ ipoId, run });
export type AllotmentPlanJob = z.infer<typeof allotmentPlanJobSchema>;

/** Numbers one chunk's subscriptions and counts their winners, in one transaction. */
export const allotmentChunkJobSchema = z.object({ ipoId, run, chunk: z.number().int().nonnegative() });
export type AllotmentChunkJob = z.infer<typeof allotmentChunkJobSchema>;

/** Checks the totals and moves the IPO on to payment once every chunk is done. */
export const allotmentFinishJobSchema = z.object({ ipoId, run });
export type AllotmentFinishJob = z.infer<typeof allotmentFinishJobSchema>;

/** Deterministic ids: adding the same job again while it exists is a no-op. */
export const allotmentJobIds = {
  plan: (job: AllotmentPlanJob) => `ipo-${job.ipoId}-run-${job.run}-plan`,
  chunk: (job: AllotmentChunkJob) => `ipo-${job.ipoId}-run-${job.run}-chunk-${job.chunk}`,
  finish: (job: AllotmentFinishJob) => `ipo-${job.ipoId}-run-${job.run}-finish`,
};

export const CALENDAR_JOBS = {
  /** Every few seconds (a BullMQ job scheduler): moves issues along the calendar by the market's clock. */
  tick: 'tick',
  /** The payment cut-off of one issue: settle every winner. */
  payment: 'payment',
  /** The listing day of one issue: paid shares become positions. */
  listing: 'listing',
  /** After a trading day's close: every account's holdings per exchange, for the quota. */
  holdings: 'holdings',
} as const;

export const issueJobSchema = z.object({ ipoId, tradingDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export type IssueJob = z.infer<typeof issueJobSchema>;

export const holdingsJobSchema = z.object({ tradingDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export type HoldingsJob = z.infer<typeof holdingsJobSchema>;

export const calendarJobIds = {
  payment: (job: IssueJob) => `ipo-${job.ipoId}-payment`,
  listing: (job: IssueJob) => `ipo-${job.ipoId}-listing`,
  holdings: (job: HoldingsJob) => `holdings-${job.tradingDate}`,
};
