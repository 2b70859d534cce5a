/**
 * The IPO calendar, moved along by the market's clock (the feed's trading date and time, so the
 * demo clock's fast days run it too): a tick every few seconds does what the date and time call
 * for, each step idempotent, so ticks may repeat, overlap or be missed.
 *
 * | when (Asia/Shanghai, market time) | what |
 * | --- | --- |
 * | any tick | the pipeline: issues for the next five trading days (and today's, for a market that never had one, before 15:00) |
 * | T from 09:30 | upcoming → subscribing |
 * | T from 15:00 (or any later day) | subscribing → awaiting_allotment |
 * | T+1 | the allotment batch's first run (unless back office starts every run: IPO_AUTO_ALLOTMENT=false) |
 * | T+2 | payment reminders to the winners |
 * | T+2 from 16:00 | payment job: each winner pays what their cash covers → awaiting_listing |
 * | listing day | listing job: paid shares become positions → listed |
 * | after each close (15:00) | holdings job for that day and the one before |
 */

import { ipos, type SentMessage, sendPaymentNotices, startFirstAllotmentRun } from '@bourse/core/ipo';
import { marketTimeOf } from '@bourse/core/market/clock';
import { type Db, logger } from '@bourse/core/platform';
import {
  CALENDAR_JOBS,
  calendarJobIds,
  exchangeCalendar,
  type MarketStatus,
  shanghaiDate,
  shanghaiMinuteOfDay,
} from '@bourse/shared';
import type { JobsOptions, Queue } from 'bullmq';
import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import { fillPipeline, type PipelineMarket } from './pipeline.ts';

/** Market time of day as minutes since midnight. */
const at = (hh: number, mm: number) => hh * 60 + mm;
const SUBSCRIPTION_OPENS = at(9, 30);
const SUBSCRIPTION_CLOSES = at(15, 0);
const PAYMENT_CUTOFF = at(16, 0);
const DAY_CLOSED = at(15, 0);

export interface MarketClock {
  tradingDate: string;
  /** Minutes into the trading date (market time); 1440 once the calendar date has moved past it. */
  minute: number;
  /** Market time now, what the calendar's records are stamped with (server market/marketClock.ts). */
  at: number;
}

/**
 * Where the market is: the feed's status, or the wall clock in Shanghai while there is none. The
 * steps go by the latest data's time, so a stalled feed holds the calendar where its market stopped.
 */
export function marketClock(status: MarketStatus | null, now = Date.now()): MarketClock {
  const time = status?.time ?? now;
  const tradingDate = status?.tradingDate ?? shanghaiDate(now);
  return {
    tradingDate,
    minute: shanghaiDate(time) > tradingDate ? 24 * 60 : shanghaiMinuteOfDay(time),
    at: marketTimeOf(status, now),
  };
}

/** Calendar jobs are kept a day after they finish, so the tick adding them again is a no-op. */
export const CALENDAR_JOB_OPTIONS: JobsOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 86_400 },
  removeOnFail: { age: 7 * 86_400 },
};

export interface CalendarDeps {
  db: Db;
  calendarQueue: Queue;
  allotmentQueue: Queue;
  /** false: the batch waits for back office to start it (default true). */
  autoAllotment?: boolean;
  publish(sent: SentMessage[]): void;
  pipelineMarket(): Promise<PipelineMarket>;
}

async function idsWhere(db: Db, where: ReturnType<typeof and>) {
  return (await db.select({ id: ipos.id }).from(ipos).where(where)).map((r) => r.id);
}

export async function calendarTick(deps: CalendarDeps, clock: MarketClock): Promise<void> {
  const { db } = deps;
  const { tradingDate: today, minute } = clock;
  const created = await fillPipeline(db, today, deps.pipelineMarket, minute < SUBSCRIPTION_CLOSES);
  if (created.length > 0) logger.info({ created }, 'ipo calendar: new issues');

  if (minute >= SUBSCRIPTION_OPENS) {
    await db
      .update(ipos)
      .set({ status: 'subscribing' })
      .where(and(eq(ipos.status, 'upcoming'), lte(ipos.subscriptionDate, today)));
  }
  // An issue whose day passed unseen (everything was down) goes straight on: nobody subscribed.
  const closedThrough = minute >= SUBSCRIPTION_CLOSES ? today : exchangeCalendar.previousTradingDay(today);
  await db
    .update(ipos)
    .set({ status: 'awaiting_allotment' })
    .where(
      and(
        or(eq(ipos.status, 'upcoming'), eq(ipos.status, 'subscribing')),
        lte(ipos.subscriptionDate, closedThrough),
      ),
    );

  const startable =
    deps.autoAllotment === false
      ? []
      : await idsWhere(
          db,
          and(eq(ipos.status, 'awaiting_allotment'), eq(ipos.batchRun, 0), lte(ipos.allotmentDate, today)),
        );
  for (const id of startable) {
    const started = await startFirstAllotmentRun(db, deps.allotmentQueue, id);
    if (started) logger.info(started, 'ipo calendar: allotment started');
  }

  for (const id of await idsWhere(
    db,
    and(
      eq(ipos.status, 'awaiting_payment'),
      sql`${ipos.paymentNotifiedAt} is null`,
      lte(ipos.paymentDate, today),
    ),
  )) {
    deps.publish(await sendPaymentNotices(db, id, clock.at));
  }

  const paymentCutOffPassed =
    minute >= PAYMENT_CUTOFF ? lte(ipos.paymentDate, today) : lt(ipos.paymentDate, today);
  for (const ipoId of await idsWhere(db, and(eq(ipos.status, 'awaiting_payment'), paymentCutOffPassed))) {
    const job = { ipoId, tradingDate: today };
    await deps.calendarQueue.add(CALENDAR_JOBS.payment, job, {
      ...CALENDAR_JOB_OPTIONS,
      jobId: calendarJobIds.payment(job),
    });
  }

  for (const ipoId of await idsWhere(
    db,
    and(eq(ipos.status, 'awaiting_listing'), lte(ipos.listingDate, today)),
  )) {
    const job = { ipoId, tradingDate: today };
    await deps.calendarQueue.add(CALENDAR_JOBS.listing, job, {
      ...CALENDAR_JOB_OPTIONS,
      jobId: calendarJobIds.listing(job),
    });
  }

  // The day before too: a close missed while the workers were down still gets its snapshot.
  const closedDays = [exchangeCalendar.previousTradingDay(today), ...(minute >= DAY_CLOSED ? [today] : [])];
  for (const tradingDate of closedDays) {
    const job = { tradingDate };
    await deps.calendarQueue.add(CALENDAR_JOBS.holdings, job, {
      ...CALENDAR_JOB_OPTIONS,
      jobId: calendarJobIds.holdings(job),
    });
  }
}
