/**
 * The simulated market's steady pipeline of new issues: one or two a trading day, created a
 * few trading days ahead so the calendar always shows some upcoming. Each is shaped like a real
 * A-share IPO: a free simulated code beside the prefixes new listings get, a company name in the universe's
 * style, a price below the going rate of its board, an online tranche of a few million to tens of
 * millions of shares.
 */
import { createIpo, ipos } from '@bourse/core/ipo';
import type { Db } from '@bourse/core/platform';
import { Dec, DomainError, exchangeCalendar, roundTo } from '@bourse/shared';
import { gte } from 'drizzle-orm';
import { hashSeed, Rng } from '../feed/rng.ts';
import { companyName, SECTORS } from '../feed/universe/names.ts';
import { TECH } from '../feed/universe/universe.ts';

/** Trading days ahead that always have their issues. */
export const PIPELINE_DAYS_AHEAD = 5;

type IssueBoard = 'sseMain' | 'szseMain' | 'chinext' | 'star';

/**
 * Share of new issues by board, and the simulated code prefixes new listings take there: those
 * beside the real prefixes new listings take today (603/605, 001/003, 301, 688; ADR 0014).
 */
const BOARDS: readonly { board: IssueBoard; weight: number; prefixes: readonly string[] }[] = [
  { board: 'sseMain', weight: 0.3, prefixes: ['607', '609'] },
  { board: 'szseMain', weight: 0.2, prefixes: ['005', '007'] },
  { board: 'chinext', weight: 0.3, prefixes: ['304'] },
  { board: 'star', weight: 0.2, prefixes: ['687'] },
];

/** Going prices (CNY) by board when the market has no quotes to go by. */
const FALLBACK_PRICE: Record<IssueBoard, number> = { sseMain: 9, szseMain: 9, chinext: 19, star: 32 };

export interface PipelineMarket {
  /** Codes and names already used: the listed universe's and every issue's. */
  codes: ReadonlySet<string>;
  names: ReadonlySet<string>;
  /** The median last price of a board's listings, when known. */
  medianPrice(board: 'main' | 'chinext' | 'star'): Dec | undefined;
}

/** One or two issues a day, fixed by the date. */
export function issuesOn(date: string): number {
  return hashSeed(`ipo-count/${date}`) % 3 === 0 ? 2 : 1;
}

function pickBoard(rng: Rng) {
  let x = rng.uniform();
  for (const b of BOARDS) {
    x -= b.weight;
    if (x < 0) return b;
  }
  return BOARDS[BOARDS.length - 1]!;
}

function freeCode(rng: Rng, prefixes: readonly string[], taken: ReadonlySet<string>): string | undefined {
  for (let attempt = 0; attempt < 200; attempt++) {
    const code = rng.pick(prefixes) + String(rng.int(1000)).padStart(3, '0');
    if (!taken.has(code)) return code;
  }
  // Nearly full: the first free one in order.
  for (const prefix of prefixes) {
    for (let n = 0; n < 1000; n++) {
      const code = prefix + String(n).padStart(3, '0');
      if (!taken.has(code)) return code;
    }
  }
  return undefined;
}

export interface PlannedIssue {
  code: string;
  name: string;
  price: string;
  onlineShares: number;
}

/**
 * The issue of a pipeline slot. A board with no free code left (a demo market running for weeks
 * fills ChiNext's 1,000 first) hands the slot to the next board that has one, so every trading
 * day keeps an issue to subscribe to; undefined only when every board is full.
 */
export function planIssue(slot: string, market: PipelineMarket): PlannedIssue | undefined {
  const rng = new Rng(`ipo/${slot}`);
  const picked = pickBoard(rng);
  const order = [picked, ...BOARDS.filter((b) => b !== picked)];
  let found: { board: IssueBoard; code: string } | undefined;
  for (const { board: candidate, prefixes } of order) {
    const free = freeCode(rng, prefixes, market.codes);
    if (free) {
      found = { board: candidate, code: free };
      break;
    }
  }
  if (!found) return undefined;
  const { board, code } = found;
  const sectors = board === 'star' ? SECTORS.filter((s) => TECH.has(s.key)) : SECTORS;
  let name = companyName(rng, rng.pick(sectors));
  while (market.names.has(name)) name = companyName(rng, rng.pick(sectors));
  const going = market.medianPrice(board === 'sseMain' || board === 'szseMain' ? 'main' : board);
  // Issues are priced at a discount to the going rate (lower P/E), with a wide spread.
  const price = Math.min(
    200,
    Math.max(3, (going?.toNumber() ?? FALLBACK_PRICE[board]) * 0.8 * Math.exp(0.4 * rng.normal())),
  );
  const onlineShares =
    Math.round(Math.min(60e6, Math.max(3e6, 15e6 * Math.exp(0.6 * rng.normal()))) / 500) * 500;
  return { code, name, price: roundTo(new Dec(price), 2).toFixed(2), onlineShares };
}

/**
 * Creates the missing issues of the next PIPELINE_DAYS_AHEAD trading days after `today`: an issue
 * appears before its subscription day. Only a market that has never had an issue, asked while
 * today's subscriptions are still open (`todayOpen`), gets today's too, so that a newcomer can
 * subscribe on the first day. A slot another worker filled meanwhile is skipped. Answers the
 * codes created.
 */
export async function fillPipeline(
  db: Db,
  today: string,
  market: () => Promise<PipelineMarket>,
  todayOpen = false,
): Promise<string[]> {
  const days: string[] = [];
  if (todayOpen && (await db.select({ id: ipos.id }).from(ipos).limit(1)).length === 0) days.push(today);
  for (
    let d = exchangeCalendar.nextTradingDay(today);
    days.length < PIPELINE_DAYS_AHEAD + (days[0] === today ? 1 : 0);
    d = exchangeCalendar.nextTradingDay(d)
  )
    days.push(d);
  const existing = await db
    .select({ slot: ipos.pipelineSlot })
    .from(ipos)
    .where(gte(ipos.subscriptionDate, days[0]!));
  const filled = new Set(existing.map((e) => e.slot));
  const missing = days.flatMap((date) =>
    Array.from({ length: issuesOn(date) }, (_, i) => ({ date, slot: `${date}/${i}` })).filter(
      (s) => !filled.has(s.slot),
    ),
  );
  if (missing.length === 0) return [];
  const known = await market();
  const codes = new Set(known.codes);
  const names = new Set(known.names);
  const created: string[] = [];
  for (const { date, slot } of missing) {
    const planned = planIssue(slot, { ...known, codes, names });
    if (!planned) continue;
    try {
      await createIpo(db, { ...planned, subscriptionDate: date, pipelineSlot: slot });
      created.push(planned.code);
    } catch (err) {
      if (!(err instanceof DomainError && err.key === 'ipo.codeTaken')) throw err;
    }
    codes.add(planned.code);
    names.add(planned.name);
  }
  return created;
}
