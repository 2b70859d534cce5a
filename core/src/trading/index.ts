/** What the workers' matcher uses of trading: the resting-order logic and its dependencies. */
export { redisUserEvents } from '../user-channel/userEvents.ts';
export { redisMarketView } from './marketView.ts';
export {
  expireOrders,
  type Fence,
  FencedOut,
  matchAfterHours,
  matchTrades,
  releaseHeld,
  takeShard,
} from './restingOrders.ts';
export type { TradingDeps } from './tradingDeps.ts';
