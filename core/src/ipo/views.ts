import {
  Dec,
  type IpoSubscriptionView,
  type IpoView,
  ipoRulesAt,
  ipoTrancheCapShares,
  type SubscriptionState,
  toMoneyString,
} from '@bourse/shared';
import type { ipoAllotments, ipoDraws, ipoLotteryRanges, ipoSubscriptions, ipos } from './schema.ts';

type IpoRow = typeof ipos.$inferSelect;
type DrawRow = typeof ipoDraws.$inferSelect;

export const unitSharesOf = (ipo: Pick<IpoRow, 'subscriptionDate'>) =>
  ipoRulesAt(ipo.subscriptionDate).sharesPerNumber;

export function ipoView(ipo: IpoRow, draw: DrawRow | null): IpoView {
  return {
    code: ipo.code,
    name: ipo.name,
    exchange: ipo.exchange,
    board: ipo.board,
    price: new Dec(ipo.price).toFixed(2),
    unitShares: unitSharesOf(ipo),
    onlineShares: ipo.onlineShares,
    maxShares: ipoTrancheCapShares({
      exchange: ipo.exchange,
      tradingDate: ipo.subscriptionDate,
      onlineTrancheShares: ipo.onlineShares,
    }),
    subscriptionDate: ipo.subscriptionDate,
    allotmentDate: ipo.allotmentDate,
    paymentDate: ipo.paymentDate,
    listingDate: ipo.listingDate,
    status: ipo.status,
    seedCommitment: ipo.seedCommitment,
    draw: draw && {
      seed: ipo.seed,
      firstNumber: draw.firstNumber,
      totalNumbers: draw.totalNumbers,
      tails: draw.tails,
      winningNumbers: draw.winningNumbers,
      // Winning numbers per hundred numbers, as the exchanges announce it (中签率, %).
      winRate:
        draw.totalNumbers === 0
          ? '0.000000'
          : new Dec(draw.winningNumbers)
              .times(100)
              .div(draw.totalNumbers)
              .toDecimalPlaces(6, Dec.ROUND_DOWN)
              .toFixed(6),
    },
  };
}

export interface SubscriptionRows {
  ipo: IpoRow;
  subscription: typeof ipoSubscriptions.$inferSelect;
  range: typeof ipoLotteryRanges.$inferSelect | null;
  allotment: typeof ipoAllotments.$inferSelect | null;
}

function stateOf({ range, allotment }: SubscriptionRows): SubscriptionState {
  if (!range) return 'pending';
  if (!allotment) return 'lost';
  if (allotment.listedAt) return 'listed';
  if (allotment.paidUnits === null) return 'won';
  return allotment.paidUnits > 0 ? 'paid' : 'abandoned';
}

export function subscriptionView(rows: SubscriptionRows): IpoSubscriptionView {
  const { ipo, subscription, range, allotment } = rows;
  const unit = unitSharesOf(ipo);
  const price = new Dec(ipo.price);
  // Drawn once the issue moved past allotment; a range alone exists mid-batch.
  const drawn = range !== null && ipo.status !== 'awaiting_allotment';
  const wonShares = drawn ? (allotment?.wonUnits ?? 0) * unit : null;
  const settled = allotment?.paidUnits !== null && allotment?.paidUnits !== undefined;
  return {
    code: ipo.code,
    name: ipo.name,
    price: price.toFixed(2),
    shares: subscription.units * unit,
    subscribedAt: subscription.createdAt.toISOString(),
    state: drawn ? stateOf(rows) : 'pending',
    ipoStatus: ipo.status,
    allotmentDate: ipo.allotmentDate,
    paymentDate: ipo.paymentDate,
    listingDate: ipo.listingDate,
    numbers: range && { first: range.firstNumber, count: subscription.units },
    wonShares,
    amountDue: wonShares === null ? null : toMoneyString(price.times(wonShares)),
    paidShares: settled ? allotment.paidUnits! * unit : null,
    abandonedShares: settled ? (allotment.wonUnits - allotment.paidUnits!) * unit : null,
  };
}
