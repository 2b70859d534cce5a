import { describe, expect, it } from 'vitest';
import {
  applyStoreOrderAction,
  deriveStoreOrderStatus,
  INITIAL_STORE_ORDER_STATES,
  nextState,
  STORE_ORDER_STATUSES,
  STORE_ORDER_TABS,
  type StoreOrderMachine,
  type StoreOrderStates,
} from './orderStates.ts';

// The table below mixes the four machines; each row names its own.
const anyMachine = nextState as (machine: StoreOrderMachine, from: string, event: string) => string | null;

const order = (s: Partial<StoreOrderStates> = {}): StoreOrderStates => ({
  ...INITIAL_STORE_ORDER_STATES,
  ...s,
});

describe('each machine moves only as its table says', () => {
  it.each([
    ['payment', 'unpaid', 'pay', 'paid'],
    ['payment', 'paid', 'pay', null],
    ['payment', 'unpaid', 'refund', null],
    ['payment', 'paid', 'refund', 'refunded'],
    ['payment', 'paid', 'refundPart', 'partiallyRefunded'],
    ['payment', 'partiallyRefunded', 'refund', 'refunded'],
    ['payment', 'refunded', 'refund', null],
    ['fulfilment', 'unfulfilled', 'ship', 'shipped'],
    ['fulfilment', 'unfulfilled', 'deliver', null],
    ['fulfilment', 'shipped', 'deliver', 'delivered'],
    ['fulfilment', 'shipped', 'receive', 'received'],
    ['fulfilment', 'delivered', 'receive', 'received'],
    ['fulfilment', 'received', 'ship', null],
    ['afterSale', 'none', 'request', 'requested'],
    ['afterSale', 'refused', 'request', 'requested'],
    ['afterSale', 'requested', 'request', null],
    ['afterSale', 'refunded', 'request', 'requested'],
    ['afterSale', 'approved', 'request', null],
    ['afterSale', 'requested', 'approve', 'approved'],
    ['afterSale', 'requested', 'refuse', 'refused'],
    ['afterSale', 'approved', 'return', 'returning'],
    ['afterSale', 'returning', 'refund', 'refunded'],
    ['afterSale', 'approved', 'refund', 'refunded'],
    ['afterSale', 'none', 'refund', null],
    ['closure', 'open', 'cancel', 'cancelled'],
    ['closure', 'cancelled', 'complete', null],
    ['closure', 'completed', 'cancel', null],
  ] as const)('%s: %s --%s--> %s', (machine, from, event, to) => {
    expect(anyMachine(machine, from, event)).toBe(to);
  });
});

describe('actions across machines', () => {
  it('cancels an unpaid order without touching money, and a paid one with a refund', () => {
    expect(applyStoreOrderAction(order(), 'cancel').states).toEqual(order({ closure: 'cancelled' }));
    const paid = applyStoreOrderAction(order({ payment: 'paid' }), 'cancel');
    expect(paid.states).toEqual(order({ payment: 'refunded', closure: 'cancelled' }));
    expect(paid.moves.map((m) => `${m.machine}.${m.event}`)).toEqual(['payment.refund', 'closure.cancel']);
  });

  it.each([
    [
      'cancel a shipped order',
      order({ payment: 'paid', fulfilment: 'shipped' }),
      'cancel',
      'storeOrder.cannotCancel',
    ],
    ['cancel a cancelled order', order({ closure: 'cancelled' }), 'cancel', 'storeOrder.cannotCancel'],
    ['confirm receipt of an unpaid order', order(), 'confirmReceipt', 'storeOrder.cannotConfirm'],
    [
      'confirm receipt before shipping',
      order({ payment: 'paid' }),
      'confirmReceipt',
      'storeOrder.cannotConfirm',
    ],
    ['pay twice', order({ payment: 'paid' }), 'pay', 'storeOrder.cannotPay'],
    ['pay a cancelled order', order({ closure: 'cancelled' }), 'pay', 'storeOrder.cannotPay'],
    ['expire a paid order', order({ payment: 'paid' }), 'expire', 'storeOrder.illegalAction'],
    ['ship an unpaid order', order(), 'ship', 'storeOrder.illegalAction'],
    [
      'complete before receipt',
      order({ payment: 'paid', fulfilment: 'delivered' }),
      'complete',
      'storeOrder.illegalAction',
    ],
    ['ask a refund of an unpaid order', order(), 'requestRefund', 'refund.notRefundable'],
    [
      'ask a refund of a completed order',
      order({ payment: 'paid', fulfilment: 'received', closure: 'completed' }),
      'requestRefund',
      'refund.notRefundable',
    ],
    [
      'ask a refund while one is open',
      order({ payment: 'paid', afterSale: 'approved' }),
      'requestRefund',
      'refund.notRefundable',
    ],
    [
      'ask a refund of a fully refunded order',
      order({ payment: 'refunded', fulfilment: 'received', afterSale: 'refunded' }),
      'requestRefund',
      'refund.notRefundable',
    ],
    [
      'approve twice',
      order({ payment: 'paid', afterSale: 'approved' }),
      'approveRefund',
      'refund.alreadyDecided',
    ],
    [
      'refuse an approved case',
      order({ payment: 'paid', afterSale: 'approved' }),
      'refuseRefund',
      'refund.alreadyDecided',
    ],
    [
      'send goods back before approval',
      order({ payment: 'paid', afterSale: 'requested' }),
      'returnGoods',
      'refund.cannotShipReturn',
    ],
    [
      'execute an unapproved refund',
      order({ payment: 'paid', afterSale: 'requested' }),
      'executeRefund',
      'storeOrder.illegalAction',
    ],
    [
      'ship while a case is open',
      order({ payment: 'paid', afterSale: 'requested' }),
      'ship',
      'storeOrder.illegalAction',
    ],
    [
      'confirm receipt while goods go back',
      order({ payment: 'paid', fulfilment: 'delivered', afterSale: 'returning' }),
      'confirmReceipt',
      'storeOrder.cannotConfirm',
    ],
    [
      'complete while a refund is approved',
      order({ payment: 'paid', fulfilment: 'received', afterSale: 'approved' }),
      'complete',
      'storeOrder.illegalAction',
    ],
    [
      'cancel after a partial refund',
      order({ payment: 'partiallyRefunded', afterSale: 'refunded' }),
      'cancel',
      'storeOrder.cannotCancel',
    ],
  ] as const)('refuses to %s', (_, states, action, key) => {
    expect(() => applyStoreOrderAction(states, action)).toThrow(
      expect.objectContaining({ name: 'DomainError', key }),
    );
  });

  it('walks a return and refund: request, approve, return, execute in full, then complete', () => {
    let s = order({ payment: 'paid', fulfilment: 'received' });
    for (const action of [
      'requestRefund',
      'approveRefund',
      'returnGoods',
      'executeRefund',
      'complete',
    ] as const)
      s = applyStoreOrderAction(s, action).states;
    expect(s).toEqual({
      payment: 'refunded',
      fulfilment: 'received',
      afterSale: 'refunded',
      closure: 'completed',
    });
  });

  it('executes a refund of an unshipped order in full by closing it, and a partial one leaves it open', () => {
    const approved = order({ payment: 'paid', afterSale: 'approved' });
    const full = applyStoreOrderAction(approved, 'executeRefund');
    expect(full.states).toEqual(order({ payment: 'refunded', afterSale: 'refunded', closure: 'cancelled' }));
    expect(deriveStoreOrderStatus(full.states)).toBe('refunded');
    const part = applyStoreOrderAction(approved, 'executePartRefund').states;
    expect(part).toEqual(order({ payment: 'partiallyRefunded', afterSale: 'refunded' }));
    // A refused case lets the order go on: it may ship, and be asked again.
    const refused = applyStoreOrderAction(
      order({ payment: 'paid', afterSale: 'requested' }),
      'refuseRefund',
    ).states;
    expect(applyStoreOrderAction(refused, 'ship').states.fulfilment).toBe('shipped');
    expect(applyStoreOrderAction(refused, 'requestRefund').states.afterSale).toBe('requested');
  });

  it('overrules a refused case on escalation, open or completed, and nothing else', () => {
    const completed = order({
      payment: 'paid',
      fulfilment: 'received',
      afterSale: 'refused',
      closure: 'completed',
    });
    expect(applyStoreOrderAction(completed, 'overruleRefund').states).toEqual({
      ...completed,
      payment: 'refunded',
      afterSale: 'refunded',
    });
    expect(
      applyStoreOrderAction(order({ payment: 'paid', afterSale: 'refused' }), 'overrulePartRefund').states,
    ).toEqual(order({ payment: 'partiallyRefunded', afterSale: 'refunded' }));
    // Another case asked since the refusal blocks the ruling.
    expect(() =>
      applyStoreOrderAction(order({ payment: 'paid', afterSale: 'requested' }), 'overruleRefund'),
    ).toThrow(expect.objectContaining({ key: 'refund.escalationBlocked' }));
  });

  it('walks the happy path: pay, ship, deliver, confirm, complete', () => {
    let s = order();
    for (const action of ['pay', 'ship', 'deliver', 'confirmReceipt', 'complete'] as const)
      s = applyStoreOrderAction(s, action).states;
    expect(s).toEqual({ payment: 'paid', fulfilment: 'received', afterSale: 'none', closure: 'completed' });
  });
});

describe("the shopper's status, derived", () => {
  it.each([
    [order(), 'waitingPay'],
    [order({ closure: 'cancelled' }), 'cancelled'],
    [order({ payment: 'refunded', closure: 'cancelled' }), 'cancelled'],
    [order({ payment: 'paid' }), 'waitingDeliver'],
    [order({ payment: 'paid', fulfilment: 'shipped' }), 'delivered'],
    [order({ payment: 'paid', fulfilment: 'delivered' }), 'delivered'],
    [order({ payment: 'paid', fulfilment: 'received' }), 'received'],
    [order({ payment: 'paid', fulfilment: 'received', closure: 'completed' }), 'completed'],
    [order({ payment: 'paid', fulfilment: 'received', afterSale: 'requested' }), 'inAfterSale'],
    [order({ payment: 'paid', fulfilment: 'received', afterSale: 'approved' }), 'drawBacking'],
    [order({ payment: 'paid', fulfilment: 'received', afterSale: 'returning' }), 'drawBacking'],
    [order({ payment: 'refunded', fulfilment: 'received', afterSale: 'refunded' }), 'refunded'],
    [order({ payment: 'refunded', fulfilment: 'delivered' }), 'refunded'],
    [order({ payment: 'paid', fulfilment: 'received', afterSale: 'refused' }), 'received'],
    [order({ payment: 'partiallyRefunded', fulfilment: 'shipped' }), 'delivered'],
  ] as const)('%o is %s', (states, status) => {
    expect(deriveStoreOrderStatus(states)).toBe(status);
  });

  it('puts every status on exactly one tab besides all', () => {
    for (const status of STORE_ORDER_STATUSES) {
      const tabs = Object.entries(STORE_ORDER_TABS).filter(
        ([tab, statuses]) => tab !== 'all' && (statuses as readonly string[]).includes(status),
      );
      expect(tabs, status).toHaveLength(1);
    }
  });
});
