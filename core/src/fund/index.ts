/** What the workers' cash fund accrual uses of the server. */
export { type AccrualDeps, type AccrualReport, accrueDay, accrueThrough } from './accrual.ts';
export { payDueRedemptions } from './cashFund.ts';
export { fundToday } from './fundDay.ts';
export { cashFundDays, cashFundHoldings, cashFundOrders, cashFundYields } from './schema.ts';
