export {
  type FulfilmentDeps,
  type FulfilmentTimings,
  orderDeliveredHook,
  orderFulfilmentQueue,
  runAutoStep,
  runDueAutoSteps,
  scheduleAutoStep,
} from './autoFulfilment.ts';
export { type CheckoutDeps, createOrders, payOrders } from './checkout.ts';
export { orderExpiryQueue } from './expiryQueue.ts';
export { completeOrder, expireDueOrders, expireOrder, markDelivered, markShipped } from './orders.ts';
export { StockGate } from './stockGate.ts';
