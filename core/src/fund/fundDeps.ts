import type { PlatformContext } from '../platform/context.ts';
import { tradingDeps } from '../trading/tradingDeps.ts';
import type { CashFundDeps } from './cashFund.ts';

const deps = new WeakMap<PlatformContext, CashFundDeps>();

/** The app's cash fund dependencies, made on first use. */
export function cashFundDeps(app: PlatformContext): CashFundDeps {
  let found = deps.get(app);
  if (!found) {
    const { market, events } = tradingDeps(app);
    found = { db: app.db, market, events };
    deps.set(app, found);
  }
  return found;
}
