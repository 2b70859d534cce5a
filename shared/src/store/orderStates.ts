import { DomainError } from '../errors.ts';

/**
 * A storefront order keeps four states apart, as commerce platforms do (Medusa, Saleor): its
 * money (payment), its parcel (fulfilment), its after-sale case, and whether it is still open.
 * Every allowed move of each machine is one row of STORE_ORDER_TRANSITIONS; the status a shopper sees
 * is derived from the four (deriveStoreOrderStatus), never stored on its own.
 */
export const STORE_PAYMENT_STATES = ['unpaid', 'paid', 'refunded', 'partiallyRefunded'] as const;
export const STORE_FULFILMENT_STATES = ['unfulfilled', 'shipped', 'delivered', 'received'] as const;
export const STORE_AFTER_SALE_STATES = [
  'none',
  'requested',
  'approved',
  'refused',
  'returning',
  'refunded',
] as const;
export const STORE_CLOSURE_STATES = ['open', 'cancelled', 'completed'] as const;

export type StorePaymentState = (typeof STORE_PAYMENT_STATES)[number];
export type StoreFulfilmentState = (typeof STORE_FULFILMENT_STATES)[number];
export type StoreAfterSaleState = (typeof STORE_AFTER_SALE_STATES)[number];
export type StoreClosureState = (typeof STORE_CLOSURE_STATES)[number];

export interface StoreOrderStates {
  payment: StorePaymentState;
  fulfilment: StoreFulfilmentState;
  afterSale: StoreAfterSaleState;
  closure: StoreClosureState;
}
export type StoreOrderMachine = keyof StoreOrderStates;

interface Transition<S extends string> {
  from: readonly S[];
  to: S;
}

/** Every allowed move, machine by machine. Anything not listed is illegal. */
export const STORE_ORDER_TRANSITIONS = {
  payment: {
    pay: { from: ['unpaid'], to: 'paid' },
    refund: { from: ['paid', 'partiallyRefunded'], to: 'refunded' },
    refundPart: { from: ['paid', 'partiallyRefunded'], to: 'partiallyRefunded' },
  },
  fulfilment: {
    ship: { from: ['unfulfilled'], to: 'shipped' },
    deliver: { from: ['shipped'], to: 'delivered' },
    receive: { from: ['shipped', 'delivered'], to: 'received' },
  },
  afterSale: {
    // A refused case may be asked again, and a partial refund may be followed by another.
    request: { from: ['none', 'refused', 'refunded'], to: 'requested' },
    approve: { from: ['requested'], to: 'approved' },
    refuse: { from: ['requested'], to: 'refused' },
    return: { from: ['approved'], to: 'returning' },
    refund: { from: ['approved', 'returning'], to: 'refunded' },
    // The platform overrules a shop's refusal on the shopper's escalation.
    overrule: { from: ['refused'], to: 'refunded' },
  },
  closure: {
    cancel: { from: ['open'], to: 'cancelled' },
    complete: { from: ['open'], to: 'completed' },
  },
} as const satisfies {
  payment: Record<string, Transition<StorePaymentState>>;
  fulfilment: Record<string, Transition<StoreFulfilmentState>>;
  afterSale: Record<string, Transition<StoreAfterSaleState>>;
  closure: Record<string, Transition<StoreClosureState>>;
};

export type StoreOrderEvent<M extends StoreOrderMachine> = keyof (typeof STORE_ORDER_TRANSITIONS)[M] & string;

/** The state `event` moves machine `machine` to, or null when the table does not allow it from `from`. */
export function nextState<M extends StoreOrderMachine>(
  machine: M,
  from: StoreOrderStates[M],
  event: StoreOrderEvent<M>,
): StoreOrderStates[M] | null {
  const table = STORE_ORDER_TRANSITIONS[machine] as Record<string, Transition<string>>;
  const row = table[event];
  return row?.from.includes(from) ? (row.to as StoreOrderStates[M]) : null;
}

/** The shopper's order actions. Each guard reads several machines; each effect is table moves. */
export const STORE_ORDER_ACTIONS = [
  'pay',
  'cancel',
  'expire',
  'confirmReceipt',
  'ship',
  'deliver',
  'complete',
  'requestRefund',
  'approveRefund',
  'refuseRefund',
  'returnGoods',
  'executeRefund',
  'executePartRefund',
  'overruleRefund',
  'overrulePartRefund',
] as const;
export type StoreOrderAction = (typeof STORE_ORDER_ACTIONS)[number];

export type StoreOrderMove = {
  [M in StoreOrderMachine]: { machine: M; event: StoreOrderEvent<M>; to: StoreOrderStates[M] };
}[StoreOrderMachine];

function move<M extends StoreOrderMachine>(
  states: StoreOrderStates,
  machine: M,
  event: StoreOrderEvent<M>,
): StoreOrderMove | null {
  const to = nextState(machine, states[machine], event);
  return to === null ? null : ({ machine, event, to } as StoreOrderMove);
}

/** An after-sale case waiting for the shop, or for its goods to come back: the order's own steps wait. */
export const afterSaleOpen = (s: StoreOrderStates) =>
  s.afterSale === 'requested' || s.afterSale === 'approved' || s.afterSale === 'returning';

/**
 * The moves an action makes, or null when it is illegal now. Cancelling is only before
 * shipping and with no money refunded or case open, and refunds a paid order; receipt needs a
 * paid, shipped order; an unpaid order only expires or is cancelled while open. A refund is
 * asked of an open paid order with no case open; executing it refunds the payment in whole or
 * part, and closes (cancels) an order that never shipped when in whole.
 */
export function planStoreOrderAction(
  states: StoreOrderStates,
  action: StoreOrderAction,
): StoreOrderMove[] | null {
  const open = states.closure === 'open';
  const all = (...moves: (StoreOrderMove | null)[]) =>
    moves.every((m) => m !== null) ? (moves as StoreOrderMove[]) : null;
  switch (action) {
    case 'pay':
      return open ? all(move(states, 'payment', 'pay')) : null;
    case 'expire':
      return open && states.payment === 'unpaid' ? all(move(states, 'closure', 'cancel')) : null;
    case 'cancel':
      if (!open || states.fulfilment !== 'unfulfilled') return null;
      if (states.afterSale !== 'none' && states.afterSale !== 'refused') return null;
      if (states.payment === 'unpaid') return all(move(states, 'closure', 'cancel'));
      return all(move(states, 'payment', 'refund'), move(states, 'closure', 'cancel'));
    case 'ship':
      return open && states.payment === 'paid' && !afterSaleOpen(states)
        ? all(move(states, 'fulfilment', 'ship'))
        : null;
    case 'deliver':
      return open ? all(move(states, 'fulfilment', 'deliver')) : null;
    case 'confirmReceipt':
      return open && states.payment !== 'unpaid' && !afterSaleOpen(states)
        ? all(move(states, 'fulfilment', 'receive'))
        : null;
    case 'complete':
      return states.fulfilment === 'received' && !afterSaleOpen(states)
        ? all(move(states, 'closure', 'complete'))
        : null;
    case 'requestRefund':
      return open && (states.payment === 'paid' || states.payment === 'partiallyRefunded')
        ? all(move(states, 'afterSale', 'request'))
        : null;
    case 'approveRefund':
      return all(move(states, 'afterSale', 'approve'));
    case 'refuseRefund':
      return all(move(states, 'afterSale', 'refuse'));
    case 'returnGoods':
      return all(move(states, 'afterSale', 'return'));
    case 'executeRefund':
      return states.fulfilment === 'unfulfilled' && open
        ? all(
            move(states, 'payment', 'refund'),
            move(states, 'afterSale', 'refund'),
            move(states, 'closure', 'cancel'),
          )
        : all(move(states, 'payment', 'refund'), move(states, 'afterSale', 'refund'));
    case 'executePartRefund':
      return all(move(states, 'payment', 'refundPart'), move(states, 'afterSale', 'refund'));
    // Whether the order is still open or completed (and paid out): the platform's ruling stands.
    case 'overruleRefund':
      return all(move(states, 'payment', 'refund'), move(states, 'afterSale', 'overrule'));
    case 'overrulePartRefund':
      return all(move(states, 'payment', 'refundPart'), move(states, 'afterSale', 'overrule'));
  }
}

/** What an illegal action is refused with (409): the shopper's own actions each say why. */
const REFUSALS = {
  pay: 'storeOrder.cannotPay',
  cancel: 'storeOrder.cannotCancel',
  confirmReceipt: 'storeOrder.cannotConfirm',
  expire: 'storeOrder.illegalAction',
  ship: 'storeOrder.illegalAction',
  deliver: 'storeOrder.illegalAction',
  complete: 'storeOrder.illegalAction',
  requestRefund: 'refund.notRefundable',
  approveRefund: 'refund.alreadyDecided',
  refuseRefund: 'refund.alreadyDecided',
  returnGoods: 'refund.cannotShipReturn',
  executeRefund: 'storeOrder.illegalAction',
  executePartRefund: 'storeOrder.illegalAction',
  overruleRefund: 'refund.escalationBlocked',
  overrulePartRefund: 'refund.escalationBlocked',
} as const satisfies Record<StoreOrderAction, string>;

/** Applies an action, or throws its refusal (409): nothing changes. */
export function applyStoreOrderAction(
  states: StoreOrderStates,
  action: StoreOrderAction,
): { states: StoreOrderStates; moves: StoreOrderMove[] } {
  const moves = planStoreOrderAction(states, action);
  if (!moves) throw new DomainError(REFUSALS[action]);
  const next = { ...states };
  for (const m of moves) (next as Record<StoreOrderMachine, string>)[m.machine] = m.to;
  return { states: next, moves };
}

/** The spec's order statuses, in its order. */
export const STORE_ORDER_STATUSES = [
  'waitingPay',
  'waitingDeliver',
  'delivered',
  'received',
  'completed',
  'cancelled',
  'drawBacking',
  'refunded',
  'inAfterSale',
] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

/**
 * What the shopper sees. An open after-sale case wins (requested: in after sale; approved or
 * goods on their way back: draw backing); then an after-sale refund; then a cancelled order (a
 * paid one refunded by cancelling shows as cancelled); then a closed order; then the parcel's progress. "Delivered" is the spec's
 * shipped-to-you (发货), whether the parcel is on its way or at the door.
 */
export function deriveStoreOrderStatus(s: StoreOrderStates): StoreOrderStatus {
  if (s.afterSale === 'requested') return 'inAfterSale';
  if (s.afterSale === 'approved' || s.afterSale === 'returning') return 'drawBacking';
  if (s.afterSale === 'refunded') return 'refunded';
  if (s.closure === 'cancelled') return 'cancelled';
  if (s.payment === 'refunded') return 'refunded';
  if (s.payment === 'unpaid') return 'waitingPay';
  if (s.closure === 'completed') return 'completed';
  if (s.fulfilment === 'unfulfilled') return 'waitingDeliver';
  if (s.fulfilment === 'received') return 'received';
  return 'delivered';
}

/** The order list's tabs (spec section 4) and the statuses each shows. */
export const STORE_ORDER_TABS = {
  all: STORE_ORDER_STATUSES,
  waitingPay: ['waitingPay'],
  waitingDeliver: ['waitingDeliver'],
  delivered: ['delivered'],
  received: ['received'],
  completed: ['completed'],
  cancelled: ['cancelled'],
  afterSale: ['inAfterSale', 'drawBacking', 'refunded'],
} as const satisfies Record<string, readonly StoreOrderStatus[]>;
export type StoreOrderTab = keyof typeof STORE_ORDER_TABS;
export const STORE_ORDER_TAB_KEYS = Object.keys(STORE_ORDER_TABS) as StoreOrderTab[];

export const INITIAL_STORE_ORDER_STATES: StoreOrderStates = {
  payment: 'unpaid',
  fulfilment: 'unfulfilled',
  afterSale: 'none',
  closure: 'open',
};
