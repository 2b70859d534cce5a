import { Dec } from '@bourse/shared';
import type { AppContext } from '../platform/appContext.ts';
import type { Db } from '../platform/database.ts';
import { tradingDateOf } from '../trading/marketView.ts';
import { deposit } from './ledger.ts';

/** Demo mode's paper cash: a real deposit entry from the external account, never a magic balance. */
export function startingDeposit(app: AppContext): (tx: Db, userId: string) => Promise<void> {
  return async (tx, userId) => {
    await deposit(tx, userId, new Dec(app.config.startingDeposit), tradingDateOf(app.market.status));
  };
}
