/**
 * A new issue (IPO) as a listing of the simulated market, from the facts of the issue alone, so
 * the same issues give the same listings on every feed. It trades from its listing day at the
 * issue price, without a band for the first days its board allows (`priceLimits` reads
 * `listedOn` and `registrationIpo`), like the registration-based listings of today.
 */
import { classifySymbol, decimalToCents } from '@bourse/shared';
import { Rng } from '../rng.ts';
import { knownInitials } from './names.ts';
import { type Listing, pickSector } from './universe.ts';

/** What the feed knows of an issue that lists: the IPO row's own fields. */
export interface ListedIssue {
  code: string;
  name: string;
  /** The issue price, CNY ("21.50"). */
  price: string;
  onlineShares: number;
  listingDate: string;
}

/**
 * The online tranche is about a quarter of an issue after the clawback, and registration-based
 * issues float about a quarter of the company: float ≈ 3 × online (the offline and strategic
 * placements are partly locked up), total ≈ 4 × the issue.
 */
const FLOAT_PER_ONLINE_SHARE = 3;
const TOTAL_PER_ONLINE_SHARE = 16;

export function newListing(issue: ListedIssue): Listing {
  const cls = classifySymbol(issue.code);
  // A real code would put an invented company on a real one's code (ADR 0014).
  if (cls?.kind !== 'stock' || !cls.simulated)
    throw new RangeError(`new listing ${issue.code} is not a simulated stock code`);
  const rng = new Rng(`new-listing/${issue.code}`);
  const growthBoard = cls.board === 'chinext' || cls.board === 'star';
  return {
    symbol: issue.code,
    exchange: cls.exchange,
    board: cls.board,
    kind: cls.kind,
    isST: false,
    listedOn: issue.listingDate,
    registrationIpo: true,
    name: issue.name,
    initials: knownInitials(issue.name),
    sector: pickSector(rng, cls.board).key,
    prevCloseCents: decimalToCents(issue.price),
    floatShares: issue.onlineShares * FLOAT_PER_ONLINE_SHARE,
    totalShares: issue.onlineShares * TOTAL_PER_ONLINE_SHARE,
    // New listings are the market's busiest names: a large share of the float changes hands daily.
    tier: 1,
    turnoverRate: rng.between(0.15, 0.35),
    dailyVol: (growthBoard ? 0.06 : 0.045) * rng.logNormalMeanOne(0.25),
    beta: rng.between(0.8, 1.4),
    sectorLoading: rng.between(0.6, 1.4),
  };
}
