/** Pure trading calculators shared by the server (freezing, charging) and the client (estimates, P&L). */

export type { AuctionFill, AuctionOrder, Uncrossing } from './auction.ts';
export { allocateAt, uncross } from './auction.ts';
export type { FillCash, OrderTerms } from './orderCash.ts';
export { fillCash, fillFees, orderReserve, tradeAmount } from './orderCash.ts';
export type { PositionFigures, PositionValue } from './positionValue.ts';
export { costOfSale, valuePosition } from './positionValue.ts';
