import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject, redirect } from 'react-router-dom';
import { preloadMarketData } from '../features/market/data/connection.ts';
import { i18n } from '../i18n/index.ts';
import { yieldToBrowser } from '../lib/yieldToBrowser.ts';
import { AppLayout } from './AppLayout.tsx';
import { guardLoader } from './guard.ts';
import { NotFoundScreen } from './NotFoundScreen.tsx';
import { BootProgress } from './ProgressBar.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';
import type { RouteHandle, ScreenRoute } from './routeTypes.ts';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** A screen that stands in for one whose code failed to load: it re-raises the failure. */
function failedScreen(error: unknown): ComponentType {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per failed chunk, never per render
  return function FailedScreen() {
    throw error;
  };
}

/**
 * A lazily loaded screen; `namespaces` are i18n namespaces it needs before it renders. If its
 * chunk fails to load, the failure is re-raised when the screen renders, so the route's error
 * boundary shows it with Retry: react-router 7 would otherwise keep a rejected `lazy` route
 * "still loading" after a client-side navigation and render an empty screen.
 */
export function lazyScreen(load: () => Promise<ComponentType>, namespaces: string[] = []): LazyScreen {
  return async () => {
    try {
      // Its own task: the screen's chunk and its preloads start after the router's start, not inside it.
      await yieldToBrowser();
      const [Component] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
      return { Component };
    } catch (error) {
      return { Component: failedScreen(error) };
    }
  };
}

const info = lazyScreen(() => import('../features/info/InfoScreen.tsx').then((m) => m.InfoScreen), ['info']);
const my = lazyScreen(() => import('../features/me/MyScreen.tsx').then((m) => m.MyScreen));
/** A market screen: the market data layer starts loading beside the screen's chunk, unawaited. */
function marketScreen(load: () => Promise<ComponentType>, namespaces: string[] = []): LazyScreen {
  return lazyScreen(() => {
    preloadMarketData();
    return load();
  }, namespaces);
}
const ranks = () => import('../features/ranks/RankListScreen.tsx');
/** Bank cards and transfers: one chunk for the screens a transfer moves between. */
const banking = () => import('../features/banking/screens.ts');
/** New shares: the calendar, an issue and the user's subscriptions in one chunk. */
const ipo = () => import('../features/ipo/screens.ts');
/** Block trades: the entry form and the records in one chunk. */
const blockTrade = () => import('../features/blockTrade/screens.ts');
/** The storefront: its open screens in one chunk, its account screens in another. */
const storeBrowse = () => import('../features/store/browseScreens.ts');
const store = () => import('../features/store/screens.ts');
const trade = marketScreen(() => import('../features/trade/TradeScreen.tsx').then((m) => m.TradeScreen));

/** Every screen of the spec's route list. */
const SCREENS: readonly (ScreenRoute & { lazy: LazyScreen })[] = [
  {
    path: '/home',
    id: 'home',
    tabBar: true,
    lazy: marketScreen(() => import('../features/home/HomeScreen.tsx').then((m) => m.HomeScreen)),
  },
  {
    path: '/homedetail',
    id: 'homeDetail',
    lazy: marketScreen(() =>
      import('../features/home/MarketOverviewScreen.tsx').then((m) => m.MarketOverviewScreen),
    ),
  },
  {
    path: '/login',
    id: 'login',
    lazy: lazyScreen(() => import('../features/auth/LoginScreen.tsx').then((m) => m.LoginScreen)),
  },
  {
    path: '/register',
    id: 'register',
    lazy: lazyScreen(() => import('../features/auth/RegisterScreen.tsx').then((m) => m.RegisterScreen)),
  },
  {
    path: '/agreement',
    id: 'agreement',
    lazy: lazyScreen(
      () => import('../features/auth/AgreementScreen.tsx').then((m) => m.AgreementScreen),
      ['info'],
    ),
  },
  {
    path: '/forgotPassword',
    id: 'forgotPassword',
    lazy: lazyScreen(() =>
      import('../features/auth/ForgotPasswordScreen.tsx').then((m) => m.ForgotPasswordScreen),
    ),
  },
  {
    path: '/changePassword',
    id: 'resetPassword',
    lazy: lazyScreen(() =>
      import('../features/auth/ResetPasswordScreen.tsx').then((m) => m.ResetPasswordScreen),
    ),
  },
  { path: '/my', id: 'my', tabBar: true, lazy: my },
  { path: '/personCenter', id: 'personCenter', lazy: my },
  {
    path: '/setting',
    id: 'settings',
    lazy: lazyScreen(() => import('../features/settings/SettingsScreen.tsx').then((m) => m.SettingsScreen)),
  },
  {
    path: '/change-pwt',
    id: 'changePassword',
    lazy: lazyScreen(() =>
      import('../features/settings/ChangePasswordScreen.tsx').then((m) => m.ChangePasswordScreen),
    ),
  },
  {
    path: '/market',
    id: 'market',
    tabBar: true,
    lazy: marketScreen(() => import('../features/market/MarketScreen.tsx').then((m) => m.MarketScreen)),
  },
  {
    path: '/stockInfo/:title?',
    id: 'stockInfo',
    needs: { param: 'title', fallback: '/search/search' },
    lazy: marketScreen(() => import('../features/stock/StockInfoScreen.tsx').then((m) => m.StockInfoScreen)),
  },
  { path: '/dayUpStop', id: 'dayUpStop', lazy: marketScreen(() => ranks().then((m) => m.DayUpStopScreen)) },
  { path: '/dayStop', id: 'dayStop', lazy: marketScreen(() => ranks().then((m) => m.DayStopScreen)) },
  { path: '/tenDeal', id: 'tenDeal', lazy: marketScreen(() => ranks().then((m) => m.TenDealScreen)) },
  {
    path: '/dragonTigerList',
    id: 'dragonTigerList',
    lazy: marketScreen(() =>
      import('../features/ranks/DragonTigerScreen.tsx').then((m) => m.DragonTigerScreen),
    ),
  },
  {
    path: '/search/search',
    id: 'search',
    lazy: marketScreen(() => import('../features/search/SearchScreen.tsx').then((m) => m.SearchScreen)),
  },
  { path: '/trade', id: 'trade', tabBar: true, lazy: trade },
  { path: '/shares/creatOrder', id: 'createOrder', lazy: trade },
  {
    path: '/transaction',
    id: 'transaction',
    lazy: marketScreen(() =>
      import('../features/trade/TransactionScreen.tsx').then((m) => m.TransactionScreen),
    ),
  },
  {
    path: '/ucenter/holding',
    id: 'holding',
    lazy: marketScreen(() => import('../features/portfolio/HoldingScreen.tsx').then((m) => m.HoldingScreen)),
  },
  {
    path: '/shares/holdDetail',
    id: 'holdDetail',
    needs: { param: 'symbol', fallback: '/ucenter/holding' },
    lazy: marketScreen(() =>
      import('../features/portfolio/HoldDetailScreen.tsx').then((m) => m.HoldDetailScreen),
    ),
  },
  {
    path: '/historyPosition',
    id: 'historyPosition',
    lazy: lazyScreen(() =>
      import('../features/portfolio/HistoryPositionScreen.tsx').then((m) => m.HistoryPositionScreen),
    ),
  },
  {
    path: '/historyDetail',
    id: 'historyDetail',
    needs: { param: 'id', fallback: '/historyPosition' },
    lazy: lazyScreen(() =>
      import('../features/portfolio/HistoryDetailScreen.tsx').then((m) => m.HistoryDetailScreen),
    ),
  },
  {
    path: '/personCenter/moneyLog',
    id: 'moneyLog',
    lazy: lazyScreen(() => import('../features/portfolio/MoneyLogScreen.tsx').then((m) => m.MoneyLogScreen)),
  },
  {
    path: '/realNameAuthentication',
    id: 'realName',
    lazy: lazyScreen(() => import('../features/identity/RealNameScreen.tsx').then((m) => m.RealNameScreen)),
  },
  {
    path: '/payPwd',
    id: 'payPassword',
    lazy: lazyScreen(() =>
      import('../features/identity/PayPasswordScreen.tsx').then((m) => m.PayPasswordScreen),
    ),
  },
  {
    path: '/my/alerts',
    id: 'priceAlerts',
    lazy: lazyScreen(() =>
      import('../features/alerts/PriceAlertsScreen.tsx').then((m) => m.PriceAlertsScreen),
    ),
  },
  {
    path: '/messages',
    id: 'messages',
    lazy: lazyScreen(() => import('../features/messages/MessagesScreen.tsx').then((m) => m.MessagesScreen)),
  },
  { path: '/ucenter/bank', id: 'bindBank', lazy: lazyScreen(() => banking().then((m) => m.BindCardScreen)) },
  {
    path: '/ucenter/bank-list',
    id: 'bankList',
    lazy: lazyScreen(() => banking().then((m) => m.BankListScreen)),
  },
  {
    path: '/ucenter/transfer',
    id: 'transfer',
    lazy: lazyScreen(() => banking().then((m) => m.TransferScreen)),
  },
  { path: '/bankIn/:type?', id: 'bankIn', lazy: lazyScreen(() => banking().then((m) => m.BankInScreen)) },
  {
    path: '/personCenter/payment',
    id: 'deposit',
    lazy: lazyScreen(() => banking().then((m) => m.DepositScreen)),
  },
  {
    path: '/personCenter/paymentOut',
    id: 'withdrawal',
    lazy: lazyScreen(() => banking().then((m) => m.WithdrawalScreen)),
  },
  {
    path: '/bankRecord',
    id: 'bankRecord',
    lazy: lazyScreen(() => banking().then((m) => m.TransferRecordsScreen)),
  },
  {
    path: '/fastpayment',
    id: 'fastPayment',
    lazy: lazyScreen(() => banking().then((m) => m.QuickPaymentScreen)),
  },
  {
    path: '/personCenter/money',
    id: 'cashFund',
    lazy: lazyScreen(() => import('../features/fund/CashFundScreen.tsx').then((m) => m.CashFundScreen)),
  },
  {
    path: '/shares/new',
    id: 'newShares',
    lazy: lazyScreen(() => ipo().then((m) => m.NewSharesScreen), ['ipo']),
  },
  {
    path: '/shares/new-detail',
    id: 'newShareDetail',
    needs: { param: 'code', fallback: '/shares/new' },
    lazy: lazyScreen(() => ipo().then((m) => m.NewShareDetailScreen), ['ipo']),
  },
  {
    path: '/ucenter/shengou',
    id: 'subscribe',
    lazy: lazyScreen(() => ipo().then((m) => m.SubscriptionsScreen), ['ipo']),
  },
  ...['/customerService', '/cms/web'].map((path) => ({
    path,
    id: 'customerService' as const,
    lazy: lazyScreen(() => import('../features/support/SupportScreen.tsx').then((m) => m.SupportScreen)),
  })),
  {
    path: '/admin',
    id: 'backOffice',
    lazy: lazyScreen(
      () => import('../features/admin/AdminScreen.tsx').then((m) => m.AdminScreen),
      ['admin', 'ipo'],
    ),
  },
  {
    path: '/shares/dzjy',
    id: 'blockTrade',
    lazy: marketScreen(() => blockTrade().then((m) => m.BlockTradeScreen)),
  },
  {
    path: '/shares/dzjy-record',
    id: 'blockTradeRecord',
    lazy: lazyScreen(() => blockTrade().then((m) => m.BlockRecordsScreen)),
  },
  {
    path: '/shop',
    id: 'shop',
    tabBar: true,
    lazy: lazyScreen(() => storeBrowse().then((m) => m.StoreHomeScreen), ['store']),
  },
  {
    path: '/explore',
    id: 'explore',
    lazy: lazyScreen(() => storeBrowse().then((m) => m.ExploreScreen), ['store']),
  },
  {
    path: '/detail/:id',
    id: 'productDetail',
    lazy: lazyScreen(() => storeBrowse().then((m) => m.ProductDetailScreen), ['store']),
  },
  {
    path: '/detail/:id/reviews',
    id: 'productReviews',
    lazy: lazyScreen(() => storeBrowse().then((m) => m.ProductReviewsScreen), ['store']),
  },
  {
    path: '/search',
    id: 'storeSearch',
    lazy: lazyScreen(() => storeBrowse().then((m) => m.StoreSearchScreen), ['store']),
  },
  { path: '/cart', id: 'cart', lazy: lazyScreen(() => store().then((m) => m.CartScreen), ['store']) },
  {
    path: '/checkout',
    id: 'checkout',
    lazy: lazyScreen(() => store().then((m) => m.CheckoutScreen), ['store']),
  },
  {
    path: '/addresses',
    id: 'addresses',
    lazy: lazyScreen(() => store().then((m) => m.AddressListScreen), ['store']),
  },
  {
    path: '/address/edit',
    id: 'addressEdit',
    lazy: lazyScreen(() => store().then((m) => m.AddressEditScreen), ['store']),
  },
  {
    path: '/orders',
    id: 'orders',
    lazy: lazyScreen(() => store().then((m) => m.OrderListScreen), ['store']),
  },
  {
    path: '/orders/:id',
    id: 'orderDetail',
    lazy: lazyScreen(() => store().then((m) => m.OrderDetailScreen), ['store']),
  },
  {
    path: '/store/complaint',
    id: 'complaint',
    lazy: lazyScreen(() => store().then((m) => m.ComplaintScreen), ['store']),
  },
  {
    path: '/store/review',
    id: 'writeReview',
    lazy: lazyScreen(() => store().then((m) => m.WriteReviewScreen), ['store']),
  },
  {
    path: '/store/reviews',
    id: 'myReviews',
    lazy: lazyScreen(() => store().then((m) => m.MyReviewsScreen), ['store']),
  },
  {
    path: '/store/balance',
    id: 'storeBalance',
    lazy: lazyScreen(() => store().then((m) => m.BalanceScreen), ['store']),
  },
  {
    path: '/store/recharge',
    id: 'recharge',
    lazy: lazyScreen(() => store().then((m) => m.RechargeScreen), ['store']),
  },
  {
    path: '/store/withdraw',
    id: 'storeWithdraw',
    lazy: lazyScreen(() => store().then((m) => m.WithdrawScreen), ['store']),
  },
  {
    path: '/store/merchant',
    id: 'merchant',
    lazy: lazyScreen(() => store().then((m) => m.MerchantScreen), ['store']),
  },
  {
    path: '/seller',
    id: 'sellerConsole',
    lazy: lazyScreen(() => store().then((m) => m.SellerScreen), ['store']),
  },
  {
    path: '/seller/product',
    id: 'productEditor',
    lazy: lazyScreen(() => store().then((m) => m.ProductEditorScreen), ['store']),
  },
  {
    path: '/store/refund/apply',
    id: 'applyRefund',
    lazy: lazyScreen(() => store().then((m) => m.RefundApplyScreen), ['store']),
  },
  {
    path: '/store/refunds',
    id: 'afterSale',
    lazy: lazyScreen(() => store().then((m) => m.AfterSaleListScreen), ['store']),
  },
  {
    path: '/store/refunds/:id',
    id: 'refundDetail',
    lazy: lazyScreen(() => store().then((m) => m.RefundDetailScreen), ['store']),
  },
  {
    path: '/store/logistics/:trackingNo',
    id: 'logistics',
    lazy: lazyScreen(() => store().then((m) => m.LogisticsScreen), ['store']),
  },
  {
    path: '/test',
    id: 'test',
    lazy: marketScreen(() =>
      import('../features/connectionCheck/ConnectionCheckScreen.tsx').then((m) => m.ConnectionCheckScreen),
    ),
  },
  { path: '/helpForNewbies', id: 'helpForNewbies', lazy: info },
  { path: '/marketClock', id: 'marketClock', lazy: info },
  { path: '/tradingRules', id: 'tradingRules', lazy: info },
  { path: '/userAgreement', id: 'userAgreement', lazy: info },
  { path: '/privacyAgreement', id: 'privacyAgreement', lazy: info },
  { path: '/aboutUs', id: 'aboutUs', lazy: info },
];

/** Sends a link that lacks the screen's parameter to where one is picked (a list, the search). */
function needsLoader({ param, fallback }: NonNullable<ScreenRoute['needs']>): LoaderFunction {
  return ({ request, params }) => {
    const value = params[param] ?? new URL(request.url).searchParams.get(param);
    return value ? null : redirect(fallback);
  };
}

function child({ path, id, tabBar, needs, lazy }: ScreenRoute & { lazy: LazyScreen }): RouteObject {
  const handle: RouteHandle = { id, tabBar };
  const loader = needs ? needsLoader(needs) : undefined;
  // Each screen has its own error boundary so a failed chunk keeps the frame around it.
  return { path, handle, lazy, loader, ErrorBoundary: RouteErrorScreen };
}

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: BootProgress,
    loader: guardLoader,
    // The guard must see every navigation, not only the first.
    shouldRevalidate: () => true,
    children: [
      { index: true, loader: () => redirect('/home'), element: null },
      ...SCREENS.map(child),
      // Not-found is in the main chunk anyway: the error boundary shows it for 404s.
      { path: '*', handle: { id: 'notFound' } satisfies RouteHandle, Component: NotFoundScreen },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
