/** Issues for the allotment tests: created through createIpo, subscribed in bulk, ready to draw. */
import { createIpo, ipos, queryRows } from '@bourse/core/ipo';
import type { Db } from '@bourse/core/platform';
import { eq, sql } from 'drizzle-orm';
import { populateIssue } from '../population.ts';

/** A Tuesday: subscriptions on it, the draw on Wednesday. */
export const SUBSCRIPTION_DATE = '2026-07-07';

export async function issueAwaitingAllotment(
  db: Db,
  args: { code: string; seed: string; unitsOffered: number },
): Promise<number> {
  const ipo = await createIpo(db, {
    code: args.code,
    name: `新股${args.code}`,
    price: '18.88',
    onlineShares: args.unitsOffered * 500,
    subscriptionDate: SUBSCRIPTION_DATE,
    seed: args.seed,
  });
  await db.update(ipos).set({ status: 'awaiting_allotment' }).where(eq(ipos.id, ipo.id));
  return ipo.id;
}

export async function subscribe(db: Db, ipoId: number, subscribers: number, tag: string): Promise<void> {
  await populateIssue(db, { ipoId, subscribers, maxUnits: 40, tag });
}

export interface Outcome {
  /** Per subscriber (by account): first lottery number, units, units won. */
  bySubscriber: Map<string, { firstNumber: number; units: number; won: number }>;
  tails: string[];
}

/** What an issue's batch decided, keyed by subscriber so two issues with one list compare. */
export async function outcomeOf(db: Db, ipoId: number): Promise<Outcome> {
  const rows = await queryRows<{
    account: string;
    first_number: string | number;
    units: number;
    won: number;
  }>(
    db,
    sql`
      select u.account, r.first_number, s.units, coalesce(a.won_units, 0) as won
      from ipo_subscriptions s
      join users u on u.id = s.user_id
      join ipo_lottery_ranges r on r.ipo_id = s.ipo_id and r.subscription_id = s.id
      left join ipo_allotments a on a.ipo_id = s.ipo_id and a.subscription_id = s.id
      where s.ipo_id = ${ipoId}`,
  );
  const [draw] = await queryRows<{ tails: string[] }>(
    db,
    sql`select tails from ipo_draws where ipo_id = ${ipoId}`,
  );
  return {
    bySubscriber: new Map(
      rows.map((r) => [r.account, { firstNumber: Number(r.first_number), units: r.units, won: r.won }]),
    ),
    tails: draw?.tails ?? [],
  };
}

export async function statusOf(db: Db, ipoId: number): Promise<string | undefined> {
  const [row] = await db.select({ status: ipos.status }).from(ipos).where(eq(ipos.id, ipoId));
  return row?.status;
}

/** Rows of the batch's tables and allotment messages for the issue, to show nothing is doubled. */
export async function batchCounts(db: Db, ipoId: number, code: string) {
  const [row] = await queryRows<Record<string, string | number>>(
    db,
    sql`
      select (select count(*) from ipo_subscriptions where ipo_id = ${ipoId}) as subscriptions,
             (select count(*) from ipo_lottery_ranges where ipo_id = ${ipoId}) as ranges,
             (select count(*) from ipo_allotments where ipo_id = ${ipoId}) as winners,
             (select coalesce(sum(won_units), 0) from ipo_allotments where ipo_id = ${ipoId}) as won_units,
             (select count(*) from messages where kind = 'allotmentResult' and params->>'symbol' = ${code}) as messages,
             (select count(*) from messages m
                join ipo_subscriptions s on s.user_id = m.user_id and s.ipo_id = ${ipoId}
                join ipo_lottery_ranges r on r.subscription_id = s.id
              where m.kind = 'ipoNumbers' and m.params->>'symbol' = ${code}
                and m.params->>'firstNumber' = r.first_number::text
                and m.params->>'lastNumber' = (r.first_number + s.units - 1)::text
                and m.params->>'numbers' = s.units::text) as number_notices`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}
