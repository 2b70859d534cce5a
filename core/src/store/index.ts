export { type CheckoutDeps, createOrders, payOrders } from './checkout.ts';
export { orderExpiryQueue } from './expiryQueue.ts';
export { completeOrder, expireDueOrders, expireOrder, markDelivered, markShipped } from './orders.ts';
