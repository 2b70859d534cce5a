import { describe, expect, it } from 'vitest';
import { accountOf, fillOf, orderOf, positionOf, TODAY } from '../../../test/tradingFixtures.ts';
import {
  applyEvent,
  applySnapshot,
  initialTradingState,
  isFromLaterDay,
  liveAccount,
  newestFirst,
  type TradingState,
  type UserEvent,
} from './tradingStore.ts';

function stateAfter(snapshot = { orders: [orderOf(1)], fills: [], positions: [positionOf('604000')] }) {
  return { ...initialTradingState(), ...applySnapshot({ ...snapshot, account: accountOf() }) } as TradingState;
}

const apply = (state: TradingState, event: UserEvent): TradingState => ({ ...state, ...applyEvent(state, event) });

describe('applySnapshot', () => {
  it('replaces the lists and takes the balance and trading day from the account', () => {
    const state = stateAfter();
    expect(state.tradingDate).toBe(TODAY);
    expect(Object.keys(state.orders)).toEqual([orderOf(1).id]);
    expect(state.positions['604000']?.quantity).toBe(100);
    expect(state.balance).toEqual({ available: '998994.99', frozen: '0.00', withdrawable: '998994.99' });
    expect(state.snapshot).toEqual({ status: 'success' });
  });
});

describe('applyEvent', () => {
  it('keeps the newest update of an order and ignores a late older one', () => {
    const filled = orderOf(1, { status: 'filled', filledQuantity: 100, updatedAt: `${TODAY}T02:00:05.000Z` });
    const late = orderOf(1, { status: 'pending', updatedAt: `${TODAY}T02:00:01.000Z` });
    const state = apply(apply(stateAfter(), { event: 'order', payload: filled }), { event: 'order', payload: late });
    expect(state.orders[filled.id]?.status).toBe('filled');
  });

  it('adds a new order and a fill of today', () => {
    const state = apply(apply(stateAfter(), { event: 'order', payload: orderOf(2) }), {
      event: 'fill',
      payload: fillOf(2),
    });
    expect(newestFirst(Object.values(state.orders)).map((o) => o.id)).toEqual([orderOf(2).id, orderOf(1).id]);
    expect(Object.keys(state.fills)).toEqual([fillOf(2).id]);
  });

  it('drops a position sold down to zero: it is in the history now', () => {
    const state = apply(stateAfter(), { event: 'position', payload: positionOf('604000', { quantity: 0 }) });
    expect(state.positions).toEqual({});
  });

  it('takes the latest balance', () => {
    const balance = { available: '10.00', frozen: '5.00', withdrawable: '10.00' };
    expect(apply(stateAfter(), { event: 'balance', payload: balance }).balance).toEqual(balance);
  });

  it("leaves another day's order and fill alone and says they need a new snapshot", () => {
    const tomorrow = orderOf(3, { tradingDate: '2026-07-09' });
    const state = stateAfter();
    expect(applyEvent(state, { event: 'order', payload: tomorrow })).toEqual({});
    expect(isFromLaterDay(state, { event: 'order', payload: tomorrow })).toBe(true);
    expect(isFromLaterDay(state, { event: 'fill', payload: fillOf(3) })).toBe(false);
  });
});

describe('liveAccount', () => {
  it('is nothing before the first snapshot', () => {
    expect(liveAccount(initialTradingState())).toBeNull();
  });

  it('follows the balance and the positions from the snapshot on', () => {
    let state = stateAfter();
    // 604000 revalued at 10.50: worth 1050.00 (+30.00), today +50.00 (+30.00)
    state = apply(state, {
      event: 'position',
      payload: positionOf('604000', { price: '10.50', marketValue: '1050.00', floatingPnl: '44.99', todayPnl: '50.00' }),
    });
    // a buy of 200 004519 at 5.00: cash 998994.99 − 1000.00 − 5.01 = 997989.98, worth 1000.00, −5.01
    state = apply(state, { event: 'balance', payload: { available: '997989.98', frozen: '0.00', withdrawable: '997989.98' } });
    state = apply(state, {
      event: 'position',
      payload: positionOf('004519', {
        quantity: 200,
        cost: '1005.01',
        price: '5.00',
        marketValue: '1000.00',
        floatingPnl: '-5.01',
        todayPnl: '-5.01',
      }),
    });
    expect(liveAccount(state)).toMatchObject({
      cash: '997989.98',
      // 1050.00 + 1000.00
      marketValue: '2050.00',
      // 997989.98 + 2050.00
      totalAssets: '1000039.98',
      // 20.00 + (50.00 − 20.00) + (−5.01)
      todayPnl: '44.99',
      // 14.99 + (44.99 − 14.99) + (−5.01)
      totalPnl: '39.98',
    });
  });
});
