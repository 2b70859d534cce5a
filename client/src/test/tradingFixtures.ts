import type { ClosedPosition, FillView, MoneyLogLine, OrderView, PositionView } from '@bourse/shared';
import type { AccountSummary } from '../features/trade/data/tradingApi.ts';

/** Trading views as the server sends them, for tests; fields can be overridden. */
export const TODAY = '2026-07-08';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function orderOf(n: number, overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: uuid(n),
    symbol: '604000',
    name: 'Pudong Bank',
    side: 'buy',
    type: 'limit',
    price: '10.00',
    quantity: 100,
    filledQuantity: 0,
    filledAmount: '0.00',
    averagePrice: null,
    fees: '0.00',
    frozenCash: '1005.01',
    status: 'pending',
    cancelReason: null,
    session: 'day',
    tradingDate: TODAY,
    createdAt: `${TODAY}T02:00:0${n % 10}.000Z`,
    marketAt: `${TODAY}T02:00:0${n % 10}.000Z`,
    updatedAt: `${TODAY}T02:00:0${n % 10}.000Z`,
    ...overrides,
  };
}

export function fillOf(n: number, overrides: Partial<FillView> = {}): FillView {
  return {
    id: uuid(1000 + n),
    orderId: uuid(n),
    symbol: '604000',
    side: 'buy',
    price: '10.000',
    quantity: 100,
    amount: '1000.00',
    commission: '5.00',
    stampDuty: '0.00',
    transferFee: '0.01',
    tradingDate: TODAY,
    createdAt: `${TODAY}T02:00:1${n % 10}.000Z`,
    marketAt: `${TODAY}T02:00:1${n % 10}.000Z`,
    ...overrides,
  };
}

export function positionOf(symbol: string, overrides: Partial<PositionView> = {}): PositionView {
  return {
    symbol,
    name: `Name ${symbol}`,
    quantity: 100,
    sellableQuantity: 100,
    cost: '1005.01',
    averageCost: '10.050',
    price: '10.20',
    marketValue: '1020.00',
    floatingPnl: '14.99',
    todayPnl: '20.00',
    realisedPnl: '0.00',
    openedAt: '2026-07-07T02:00:00.000Z',
    ...overrides,
  };
}

export function accountOf(overrides: Partial<AccountSummary> = {}): AccountSummary {
  return {
    available: '998994.99',
    frozen: '0.00',
    withdrawable: '998994.99',
    cash: '998994.99',
    marketValue: '1020.00',
    totalAssets: '1000014.99',
    todayPnl: '20.00',
    totalPnl: '14.99',
    tradingDate: TODAY,
    ...overrides,
  };
}

export function closedPositionOf(n: number, overrides: Partial<ClosedPosition> = {}): ClosedPosition {
  return {
    id: uuid(2000 + n),
    symbol: '604000',
    name: 'Pudong Bank',
    buyQuantity: 100,
    buyAmount: '1000.00',
    sellAmount: '1100.00',
    fees: '10.56',
    realisedPnl: '89.44',
    openedAt: '2026-07-06T02:00:00.000Z',
    closedAt: `${TODAY}T02:30:00.000Z`,
    closedMarketAt: `${TODAY}T02:30:00.000Z`,
    closedTradingDate: TODAY,
    ...overrides,
  };
}

export function moneyLogLineOf(n: number, overrides: Partial<MoneyLogLine> = {}): MoneyLogLine {
  return {
    id: uuid(3000 + n),
    type: 'buy',
    amount: '-1005.01',
    cash: '998994.99',
    tradingDate: TODAY,
    time: `${TODAY}T02:00:1${n % 10}.000Z`,
    marketAt: `${TODAY}T02:00:1${n % 10}.000Z`,
    symbol: '604000',
    orderId: uuid(n),
    price: '10.000',
    quantity: 100,
    tradeAmount: '1000.00',
    commission: '5.00',
    stampDuty: '0.00',
    transferFee: '0.01',
    ...overrides,
  };
}
