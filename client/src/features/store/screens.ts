/** The storefront's account screens, loaded as one chunk (routes.tsx): the shopper's cart, checkout, addresses and orders, logistics, complaints, reviews, refunds and after-sale, the balance, top-ups and withdrawals; merchant entry and the seller console. */
export { AddressEditScreen, AddressListScreen } from './AddressScreens.tsx';
export { CartScreen } from './CartScreen.tsx';
export { CheckoutScreen } from './CheckoutScreen.tsx';
export { ComplaintScreen } from './complaints/ComplaintScreen.tsx';
export { LogisticsScreen } from './logistics/LogisticsScreen.tsx';
export { OrderDetailScreen, OrderListScreen } from './OrderScreens.tsx';
export { AfterSaleListScreen, RefundDetailScreen } from './refunds/AfterSaleScreens.tsx';
export { RefundApplyScreen } from './refunds/RefundApplyScreen.tsx';
export { MyReviewsScreen } from './reviews/ReviewScreens.tsx';
export { WriteReviewScreen } from './reviews/WriteReviewScreen.tsx';
export { MerchantScreen } from './seller/MerchantScreen.tsx';
export { ProductEditorScreen } from './seller/ProductEditorScreen.tsx';
export { SellerScreen } from './seller/SellerScreen.tsx';
export { BalanceScreen } from './wallet/BalanceScreen.tsx';
export { RechargeScreen } from './wallet/RechargeScreen.tsx';
export { WithdrawScreen } from './wallet/WithdrawScreen.tsx';
