import { Dec, roundCent } from '../money.ts';
import type { InstrumentKind } from './instruments.ts';
import type { Side } from './orders.ts';
import { inForce, type Versioned } from './versioned.ts';

export interface FeeSchedule {
  /** Broker commission on the traded amount, each side; a broker setting (regulatory cap 0.3%). */
  commissionRate: Dec;
  /** Minimum commission per trade, CNY. */
  commissionMin: Dec;
  /** Stamp duty, sells only. */
  stampDutyRate: Dec;
  /** CSDC transfer fee, both sides. */
  transferFeeRate: Dec;
}

export interface FeeScheduleVersion extends FeeSchedule, Versioned {}

const COMMISSION = { commissionRate: new Dec('0.00025'), commissionMin: new Dec(5) };

export const FEE_SCHEDULES: readonly FeeScheduleVersion[] = [
  // transfer fee 0.002% of amount on both exchanges
  {
    effectiveFrom: '2015-08-01',
    ...COMMISSION,
    stampDutyRate: new Dec('0.001'),
    transferFeeRate: new Dec('0.00002'),
  },
  // transfer fee halved
  {
    effectiveFrom: '2022-04-29',
    ...COMMISSION,
    stampDutyRate: new Dec('0.001'),
    transferFeeRate: new Dec('0.00001'),
  },
  // stamp duty halved
  {
    effectiveFrom: '2023-08-28',
    ...COMMISSION,
    stampDutyRate: new Dec('0.0005'),
    transferFeeRate: new Dec('0.00001'),
  },
];

/** The default fee schedule in force on a trading date. */
export function feeScheduleAt(tradingDate: string): FeeSchedule {
  const { effectiveFrom: _, ...schedule } = inForce(FEE_SCHEDULES, tradingDate, 'fee');
  return schedule;
}

export interface TradeFees {
  commission: Dec;
  stampDuty: Dec;
  transferFee: Dec;
  total: Dec;
}

/**
 * Fees on one trade of `amount` CNY, each rounded half-up to the cent. Funds (ETFs) pay no stamp
 * duty and no transfer fee. A zero amount (no trade) costs nothing.
 */
export function tradeFees(args: {
  side: Side;
  amount: Dec;
  tradingDate: string;
  schedule?: FeeSchedule;
  kind?: InstrumentKind;
}): TradeFees {
  const { side, amount, tradingDate, kind = 'stock' } = args;
  if (amount.isNegative() || !amount.isFinite()) throw new RangeError(`not a trade amount: ${amount}`);
  const schedule = args.schedule ?? feeScheduleAt(tradingDate);
  const zero = new Dec(0);
  const commission = amount.isZero()
    ? zero
    : roundCent(Dec.max(amount.times(schedule.commissionRate), schedule.commissionMin));
  const stampDuty =
    side === 'sell' && kind === 'stock' ? roundCent(amount.times(schedule.stampDutyRate)) : zero;
  const transferFee = kind === 'stock' ? roundCent(amount.times(schedule.transferFeeRate)) : zero;
  return { commission, stampDuty, transferFee, total: commission.plus(stampDuty).plus(transferFee) };
}
