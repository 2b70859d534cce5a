import type { ScreenRoute } from './routeTypes.ts';

/**
 * Screens of the spec's route list that later issues build. Until then each shows its
 * translated title and "This screen arrives in a later release" (features/placeholder).
 * Remove a line here when its real screen lands in routes.tsx.
 */
export const PLACEHOLDER_ROUTES = [
  // Issue 3 — live market
  { path: '/homedetail', id: 'homeDetail' },
  // Issue 4 — trading core
  { path: '/trade', id: 'trade', tabBar: true },
  { path: '/shares/creatOrder', id: 'createOrder' },
  { path: '/ucenter/holding', id: 'holding' },
  { path: '/shares/holdDetail', id: 'holdDetail' },
  { path: '/historyPosition', id: 'historyPosition' },
  { path: '/historyDetail', id: 'historyDetail' },
  { path: '/transaction', id: 'transaction' },
  { path: '/personCenter/moneyLog', id: 'moneyLog' },
  // Issue 5 — back office
  { path: '/shares/new', id: 'newShares' },
  { path: '/shares/new-detail', id: 'newShareDetail' },
  { path: '/ucenter/shengou', id: 'subscribe' },
  { path: '/shares/dzjy', id: 'blockTrade' },
  { path: '/shares/dzjy-record', id: 'blockTradeRecord' },
  { path: '/ucenter/bank', id: 'bindBank' },
  { path: '/ucenter/bank-list', id: 'bankList' },
  { path: '/ucenter/transfer', id: 'transfer' },
  { path: '/bankIn/:type?', id: 'bankIn' },
  { path: '/personCenter/payment', id: 'deposit' },
  { path: '/personCenter/paymentOut', id: 'withdrawal' },
  { path: '/bankRecord', id: 'bankRecord' },
  { path: '/personCenter/money', id: 'cashFund' },
  { path: '/messages', id: 'messages' },
  { path: '/realNameAuthentication', id: 'realName' },
  { path: '/payPwd', id: 'payPassword' },
  // Not yet scheduled
  { path: '/fastpayment', id: 'fastPayment' },
  { path: '/cms/web', id: 'customerService' },
  { path: '/customerService', id: 'customerService' },
  { path: '/test', id: 'test' },
] as const satisfies readonly ScreenRoute[];
