/**
 * `pnpm allotment:verify <code>`'s check, apart from the batch's code path: from the revealed
 * seed and the subscription list alone it checks the seed against its published SHA-256,
 * redraws the tails, numbers the subscriptions itself and counts each one's winners number by
 * number (bruteForce.ts), then compares all of it with what the batch stored.
 */
import { createHash } from 'node:crypto';
import { ipoDraws, ipos, queryRows } from '@bourse/core/ipo';
import type { Db } from '@bourse/core/platform';
import { ipoRulesAt } from '@bourse/shared';
import { eq, sql } from 'drizzle-orm';
import { bruteForceWinners, tailTable } from './bruteForce.ts';
import { drawWinningTails } from './lottery.ts';

export interface VerifyReport {
  code: string;
  seedMatchesCommitment: boolean;
  /** The tails redrawn from the seed equal the published ones. */
  tailsMatch: boolean;
  subscriptions: number;
  numbers: number;
  /** Subscriptions whose stored range does not start where consecutive numbering puts it. */
  rangeMismatches: number;
  /** Subscriptions whose stored winning units differ from the count number by number. */
  winnerMismatches: number;
  /** Numbers that matched two tails (a draw must make none). */
  doubleMatches: number;
  winningNumbers: number;
  /** min(units offered, numbers): what the draw promises. */
  expectedWinningNumbers: number;
  agree: boolean;
}

const PAGE = 50_000;

interface Row {
  id: string | number;
  units: number;
  first_number: string | number | null;
  won_units: number | null;
}

export async function verifyAllotment(
  db: Db,
  code: string,
  onProgress?: (checked: number) => void,
): Promise<VerifyReport | undefined> {
  const [issue] = await db
    .select({ ipo: ipos, draw: ipoDraws })
    .from(ipos)
    .innerJoin(ipoDraws, eq(ipoDraws.ipoId, ipos.id))
    .where(eq(ipos.code, code));
  if (!issue) return undefined;
  const { ipo, draw } = issue;
  const [totals] = await queryRows<{ subscriptions: string | number; numbers: string | number }>(
    db,
    sql`select count(*) as subscriptions, coalesce(sum(units), 0) as numbers
        from ipo_subscriptions where ipo_id = ${ipo.id}`,
  );
  const numbers = Number(totals?.numbers ?? 0);
  const unitsOffered = Math.floor(ipo.onlineShares / ipoRulesAt(ipo.subscriptionDate).sharesPerNumber);
  const redrawn = drawWinningTails({
    seed: ipo.seed,
    firstNumber: draw.firstNumber,
    totalNumbers: numbers,
    unitsOffered,
    method: draw.method === 1 ? 1 : 2,
  });
  const table = tailTable(draw.tails);
  let next = draw.firstNumber;
  let lastId = 0;
  let checked = 0;
  let rangeMismatches = 0;
  let winnerMismatches = 0;
  let doubleMatches = 0;
  let winningNumbers = 0;
  for (;;) {
    const page = await queryRows<Row>(
      db,
      sql`
        select s.id, s.units, r.first_number, a.won_units
        from ipo_subscriptions s
        left join ipo_lottery_ranges r on r.ipo_id = s.ipo_id and r.subscription_id = s.id
        left join ipo_allotments a on a.ipo_id = s.ipo_id and a.subscription_id = s.id
        where s.ipo_id = ${ipo.id} and s.id > ${lastId}
        order by s.id limit ${PAGE}`,
    );
    for (const row of page) {
      if (row.first_number === null || Number(row.first_number) !== next) rangeMismatches++;
      const tally = bruteForceWinners(table, next, row.units);
      if (tally.won !== (row.won_units ?? 0)) winnerMismatches++;
      doubleMatches += tally.doubleMatches;
      winningNumbers += tally.won;
      next += row.units;
    }
    checked += page.length;
    onProgress?.(checked);
    if (page.length < PAGE) break;
    lastId = Number(page[page.length - 1]!.id);
  }
  const seedMatchesCommitment = createHash('sha256').update(ipo.seed).digest('hex') === ipo.seedCommitment;
  const tailsMatch = JSON.stringify(redrawn.tails) === JSON.stringify(draw.tails);
  const expectedWinningNumbers = Math.min(unitsOffered, numbers);
  return {
    code,
    seedMatchesCommitment,
    tailsMatch,
    subscriptions: Number(totals?.subscriptions ?? 0),
    numbers,
    rangeMismatches,
    winnerMismatches,
    doubleMatches,
    winningNumbers,
    expectedWinningNumbers,
    agree:
      seedMatchesCommitment &&
      tailsMatch &&
      draw.totalNumbers === numbers &&
      rangeMismatches === 0 &&
      winnerMismatches === 0 &&
      doubleMatches === 0 &&
      winningNumbers === expectedWinningNumbers &&
      winningNumbers === draw.winningNumbers,
  };
}
