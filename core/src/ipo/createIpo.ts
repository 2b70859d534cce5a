import { createHash, randomBytes } from 'node:crypto';
import {
  classifySymbol,
  DomainError,
  exchangeCalendar,
  ipoRulesAt,
  ipoSchedule,
  parseDecimal,
} from '@bourse/shared';
import type { Db } from '../platform/database.ts';
import type { IpoRow } from './queries.ts';
import { ipos } from './schema.ts';

export interface NewIpo {
  code: string;
  name: string;
  /** The issue price, CNY with at most two decimals. */
  price: string;
  /** Shares offered online: whole lottery units of 500. */
  onlineShares: number;
  /** T: a trading day. */
  subscriptionDate: string;
  /** Default: three trading days after payment (T+5). */
  listingDate?: string;
  /** Default: 32 random bytes; tests and the pipeline pass their own. */
  seed?: string;
  pipelineSlot?: string;
}

/** Trading days from payment (T+2) to listing when none is given; real issues take a week or two. */
const LISTING_AFTER_PAYMENT = 3;

export function seedCommitment(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

/**
 * Creates an upcoming issue: the exchange and board come from the code, the timeline from the
 * exchange calendar (T, T+1, T+2 on trading days), and the seed is fixed now, its SHA-256 shown.
 */
export async function createIpo(db: Db, input: NewIpo): Promise<IpoRow> {
  const cls = classifySymbol(input.code);
  // The simulated market lists invented companies on its own code blocks only (ADR 0014). BSE
  // issues are subscribed with cash, not by holdings quota and lottery.
  if (cls?.kind !== 'stock' || !cls.simulated || cls.exchange === 'BSE' || cls.board === 'bse')
    throw new DomainError('ipo.badCode');
  const price = parseDecimal(input.price);
  if (price.lte(0) || price.decimalPlaces() > 2) throw new DomainError('ipo.badPrice');
  if (!exchangeCalendar.isTradingDay(input.subscriptionDate)) throw new DomainError('ipo.notTradingDay');
  const unit = ipoRulesAt(input.subscriptionDate).sharesPerNumber;
  if (!Number.isSafeInteger(input.onlineShares) || input.onlineShares <= 0 || input.onlineShares % unit !== 0)
    throw new DomainError('ipo.badOnlineShares', { unit });
  const schedule = ipoSchedule(input.subscriptionDate);
  const listingDate =
    input.listingDate ?? exchangeCalendar.addTradingDays(schedule.payment, LISTING_AFTER_PAYMENT);
  if (listingDate <= schedule.payment || !exchangeCalendar.isTradingDay(listingDate))
    throw new DomainError('ipo.badListingDate');
  const seed = input.seed ?? randomBytes(32).toString('hex');
  const [row] = await db
    .insert(ipos)
    .values({
      code: input.code,
      name: input.name,
      exchange: cls.exchange,
      board: cls.board,
      price: price.toFixed(2),
      onlineShares: input.onlineShares,
      subscriptionDate: schedule.subscription,
      allotmentDate: schedule.lottery,
      paymentDate: schedule.payment,
      listingDate,
      seedCommitment: seedCommitment(seed),
      seed,
      pipelineSlot: input.pipelineSlot,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new DomainError('ipo.codeTaken');
  return row;
}
