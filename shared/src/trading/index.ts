/** Pure trading calculators shared by the server (freezing, charging) and the client (estimates, P&L). */
export type { FillCash, OrderTerms } from './orderCash.ts';
export { fillCash, fillFees, orderReserve, tradeAmount } from './orderCash.ts';
export type { PositionFigures, PositionValue } from './positionValue.ts';
export { costOfSale, valuePosition } from './positionValue.ts';
