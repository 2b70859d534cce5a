import { signedMoney } from '../lib/accountFormat.ts';
import { formatPct, trendClass, trendOf } from '../lib/format.ts';

/** A P&L amount with its sign, red for a gain and green for a loss (or as the user's setting says). */
export function Pnl({ value, testId }: { value: string; testId?: string }) {
  return (
    <span className={trendClass(trendOf(value))} data-testid={testId}>
      {signedMoney(value)}
    </span>
  );
}

/** A percent change with its sign, coloured like its amount. */
export function PnlPercent({ value, testId }: { value: string | null; testId?: string }) {
  return (
    <span className={trendClass(trendOf(value))} data-testid={testId}>
      {formatPct(value)}
    </span>
  );
}
