/** The storefront screens, loaded as one chunk (routes.tsx): browsing, the shopper's cart, checkout, addresses and orders, logistics, complaints, reviews, refunds and after-sale, the balance, top-ups and withdrawals. */
export { AddressEditScreen, AddressListScreen } from './AddressScreens.tsx';
export { CartScreen } from './CartScreen.tsx';
export { CheckoutScreen } from './CheckoutScreen.tsx';
export { ComplaintScreen } from './complaints/ComplaintScreen.tsx';
export { ExploreScreen } from './ExploreScreen.tsx';
export { LogisticsScreen } from './logistics/LogisticsScreen.tsx';
export { OrderDetailScreen, OrderListScreen } from './OrderScreens.tsx';
export { ProductDetailScreen } from './ProductDetailScreen.tsx';
export { AfterSaleListScreen, RefundDetailScreen } from './refunds/AfterSaleScreens.tsx';
export { RefundApplyScreen } from './refunds/RefundApplyScreen.tsx';
export { MyReviewsScreen, ProductReviewsScreen } from './reviews/ReviewScreens.tsx';
export { WriteReviewScreen } from './reviews/WriteReviewScreen.tsx';
export { StoreHomeScreen } from './StoreHomeScreen.tsx';
export { StoreSearchScreen } from './StoreSearchScreen.tsx';
export { BalanceScreen } from './wallet/BalanceScreen.tsx';
export { RechargeScreen } from './wallet/RechargeScreen.tsx';
export { WithdrawScreen } from './wallet/WithdrawScreen.tsx';
