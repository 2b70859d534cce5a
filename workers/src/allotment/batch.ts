/**
 * The allotment batch's three steps against PostgreSQL. Each runs in one transaction and is
 * safe to repeat: a step that finds its work done does nothing, so a job killed at any point
 * and run again (or run twice at once: the rows it touches are locked first) leaves the same
 * result as one clean run.
 */
import {
  ipoAllotmentChunks,
  ipoDraws,
  ipos,
  noticeNumbers,
  notifyAll,
  queryRows,
  type SentMessage,
} from '@bourse/core/ipo';
import { stampMarketTime } from '@bourse/core/market/clock';
import type { Db } from '@bourse/core/platform';
import {
  type AllotmentChunkJob,
  type AllotmentPlanJob,
  Dec,
  ipoRulesAt,
  toMoneyString,
} from '@bourse/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type CompiledTails,
  compileTails,
  DRAW_METHOD,
  drawWinningTails,
  winnersInRange,
} from './lottery.ts';

/** The first lottery number of every issue (nine digits, like the exchanges' own). */
export const FIRST_NUMBER = 100_000_001;

/** Shares per lottery number (500): a subscription's units and an allotment's are counted in them. */
const sharesPerNumber = (subscriptionDate: string) => ipoRulesAt(subscriptionDate).sharesPerNumber;

export type PlanOutcome =
  /** Chunks still to do (possibly none: then the batch only needs finishing). */
  | { kind: 'planned'; pendingChunks: number[] }
  /** The IPO is past allotment, or the job belongs to a superseded run. */
  | { kind: 'skipped'; reason: string };

async function lockIpo(tx: Db, ipoId: number) {
  const [ipo] = await tx.select().from(ipos).where(eq(ipos.id, ipoId)).for('update');
  return ipo;
}

/**
 * Cuts the subscriptions into chunks of `chunkSize` by id, gives each chunk its first number
 * (a running sum over the chunks before it) and draws the tails from the seed; all once.
 */
export async function planAllotment(db: Db, job: AllotmentPlanJob, chunkSize: number): Promise<PlanOutcome> {
  return db.transaction(async (tx) => {
    const ipo = await lockIpo(tx, job.ipoId);
    if (!ipo) return { kind: 'skipped', reason: 'no such IPO' };
    if (ipo.status !== 'awaiting_allotment') return { kind: 'skipped', reason: `status ${ipo.status}` };
    if (ipo.batchRun !== job.run) return { kind: 'skipped', reason: `run ${job.run} superseded` };
    const [drawn] = await tx
      .select({ ipoId: ipoDraws.ipoId })
      .from(ipoDraws)
      .where(eq(ipoDraws.ipoId, ipo.id));
    if (!drawn) {
      await tx.execute(sql`
        insert into ipo_allotment_chunks
          (ipo_id, chunk, first_subscription_id, last_subscription_id, subscriptions, numbers, first_number)
        select ${ipo.id}, chunk, min(id), max(id), count(*), sum(units),
               ${FIRST_NUMBER} + coalesce(sum(sum(units)) over (order by chunk rows between unbounded preceding and 1 preceding), 0)
        from (select id, units, (row_number() over (order by id) - 1) / ${chunkSize} as chunk
              from ipo_subscriptions where ipo_id = ${ipo.id}) numbered
        group by chunk`);
      const [totals] = await queryRows<{ numbers: string | number }>(
        tx,
        sql`select coalesce(sum(numbers), 0) as numbers from ipo_allotment_chunks where ipo_id = ${ipo.id}`,
      );
      const input = {
        seed: ipo.seed,
        firstNumber: FIRST_NUMBER,
        totalNumbers: Number(totals?.numbers ?? 0),
        unitsOffered: Math.floor(ipo.onlineShares / sharesPerNumber(ipo.subscriptionDate)),
      };
      const { firstNumber, totalNumbers, unitsOffered } = input;
      await tx.insert(ipoDraws).values({
        ipoId: ipo.id,
        firstNumber,
        totalNumbers,
        unitsOffered,
        method: DRAW_METHOD,
        ...drawWinningTails({ ...input, method: DRAW_METHOD }),
      });
    }
    const pending = await tx
      .select({ chunk: ipoAllotmentChunks.chunk })
      .from(ipoAllotmentChunks)
      .where(and(eq(ipoAllotmentChunks.ipoId, ipo.id), isNull(ipoAllotmentChunks.doneAt)))
      .orderBy(ipoAllotmentChunks.chunk);
    return { kind: 'planned', pendingChunks: pending.map((p) => p.chunk) };
  });
}

/** What a chunk needs of its issue; fixed once drawn, so each worker reads it once. */
interface DrawnIssue {
  tails: CompiledTails;
  sharesPerNumber: number;
  message: { symbol: string; name: string; price: Dec; paymentDate: string };
}

export class DrawnIssues {
  private readonly issues = new Map<number, DrawnIssue>();

  async get(db: Db, ipoId: number): Promise<DrawnIssue> {
    let issue = this.issues.get(ipoId);
    if (!issue) {
      const [row] = await db
        .select({
          tails: ipoDraws.tails,
          subscriptionDate: ipos.subscriptionDate,
          symbol: ipos.code,
          name: ipos.name,
          price: ipos.price,
          paymentDate: ipos.paymentDate,
        })
        .from(ipoDraws)
        .innerJoin(ipos, eq(ipos.id, ipoDraws.ipoId))
        .where(eq(ipoDraws.ipoId, ipoId));
      if (!row) throw new Error(`IPO ${ipoId} has no draw yet`);
      const { tails, subscriptionDate, price, ...message } = row;
      issue = {
        tails: compileTails(tails),
        sharesPerNumber: sharesPerNumber(subscriptionDate),
        message: { ...message, price: new Dec(price) },
      };
      this.issues.set(ipoId, issue);
    }
    return issue;
  }
}

/**
 * One chunk: numbers its subscriptions (consecutive ranges in id order from the chunk's first
 * number) and tells the subscribers with a push device their numbers, counts each range's
 * winners arithmetically, records the winners and their messages; answers the messages to
 * publish once committed and how many chunks of the issue are left.
 */
export async function allotChunk(
  db: Db,
  job: AllotmentChunkJob,
  issues: DrawnIssues,
  marketAt = Date.now(),
): Promise<{ remaining: number; sent: SentMessage[] }> {
  const issue = await issues.get(db, job.ipoId);
  const sent = await db.transaction(async (tx) => {
    await stampMarketTime(tx, marketAt);
    const [chunk] = await tx
      .select()
      .from(ipoAllotmentChunks)
      .where(and(eq(ipoAllotmentChunks.ipoId, job.ipoId), eq(ipoAllotmentChunks.chunk, job.chunk)))
      .for('update');
    if (!chunk) throw new Error(`IPO ${job.ipoId} has no chunk ${job.chunk}`);
    if (chunk.doneAt) return [];
    const ranges = await queryRows<{ id: string | number; units: number; first_number: string | number }>(
      tx,
      sql`
        with numbered as (
          select id, units, ${chunk.firstNumber}::bigint + sum(units) over (order by id) - units as first_number
          from ipo_subscriptions
          where ipo_id = ${job.ipoId} and id between ${chunk.firstSubscriptionId} and ${chunk.lastSubscriptionId}
        ), stored as (
          insert into ipo_lottery_ranges (ipo_id, subscription_id, first_number)
          select ${job.ipoId}, id, first_number from numbered
        )
        select id, units, first_number from numbered`,
    );
    const { symbol, name, price, paymentDate } = issue.message;
    const numbered = await noticeNumbers(tx, {
      ipoId: job.ipoId,
      firstSubscriptionId: chunk.firstSubscriptionId,
      lastSubscriptionId: chunk.lastSubscriptionId,
      symbol,
      name,
    });
    const winnerIds: number[] = [];
    const wonUnits: number[] = [];
    let winningNumbers = 0;
    for (const range of ranges) {
      const won = winnersInRange(issue.tails, Number(range.first_number), range.units);
      if (won === 0) continue;
      winnerIds.push(Number(range.id));
      wonUnits.push(won);
      winningNumbers += won;
    }
    const winners =
      winnerIds.length === 0
        ? []
        : await queryRows<{ user_id: string; won: number }>(
            tx,
            sql`
              insert into ipo_allotments (ipo_id, subscription_id, user_id, won_units)
              select ${job.ipoId}, w.id, s.user_id, w.won
              from unnest(${toArray(winnerIds, 'bigint')}, ${toArray(wonUnits, 'int')}) as w(id, won)
              join ipo_subscriptions s on s.ipo_id = ${job.ipoId} and s.id = w.id
              returning user_id, won_units as won`,
          );
    await tx
      .update(ipoAllotmentChunks)
      .set({ winningNumbers, doneAt: new Date() })
      .where(and(eq(ipoAllotmentChunks.ipoId, job.ipoId), eq(ipoAllotmentChunks.chunk, job.chunk)));
    const results = await notifyAll(
      tx,
      winners.map((w) => {
        const shares = w.won * issue.sharesPerNumber;
        return {
          userId: w.user_id,
          kind: 'allotmentResult' as const,
          params: {
            symbol,
            name,
            allottedShares: String(shares),
            amount: toMoneyString(price.times(shares)),
            paymentDate,
          },
        };
      }),
    );
    return [...numbered, ...results];
  });
  const [left] = await queryRows<{ remaining: string | number }>(
    db,
    sql`select count(*) as remaining from ipo_allotment_chunks where ipo_id = ${job.ipoId} and done_at is null`,
  );
  return { remaining: Number(left?.remaining ?? 0), sent };
}

/** A Postgres array literal parameter; both drivers pass it as text and the cast types it. */
function toArray(values: readonly number[], type: 'bigint' | 'int') {
  return sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;
}

/**
 * Checks the batch whole (every chunk done, winners exactly as drawn) and moves the issue on to
 * payment; false when it had moved on already.
 */
export async function finishAllotment(db: Db, ipoId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ipo = await lockIpo(tx, ipoId);
    if (ipo?.status !== 'awaiting_allotment') return false;
    const [totals] = await queryRows<{
      pending: string | number;
      chunk_winners: string | number;
      won: string | number;
    }>(
      tx,
      sql`
        select (select count(*) from ipo_allotment_chunks where ipo_id = ${ipoId} and done_at is null) as pending,
               (select coalesce(sum(winning_numbers), 0) from ipo_allotment_chunks where ipo_id = ${ipoId}) as chunk_winners,
               (select coalesce(sum(won_units), 0) from ipo_allotments where ipo_id = ${ipoId}) as won`,
    );
    const [draw] = await tx.select().from(ipoDraws).where(eq(ipoDraws.ipoId, ipoId));
    if (!draw || Number(totals?.pending) > 0) throw new Error(`IPO ${ipoId}: the batch is not complete`);
    if (
      Number(totals?.chunk_winners) !== draw.winningNumbers ||
      Number(totals?.won) !== draw.winningNumbers
    ) {
      throw new Error(
        `IPO ${ipoId}: ${totals?.won} units won in chunks, ${draw.winningNumbers} drawn: refusing to finish`,
      );
    }
    await tx
      .update(ipos)
      .set({ status: 'awaiting_payment', allottedAt: new Date() })
      .where(eq(ipos.id, ipoId));
    return true;
  });
}
