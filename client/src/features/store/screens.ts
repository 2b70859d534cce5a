/** The storefront screens, loaded as one chunk (routes.tsx): browsing, and the shopper's cart, checkout, addresses and orders. */
export { AddressEditScreen, AddressListScreen } from './AddressScreens.tsx';
export { CartScreen } from './CartScreen.tsx';
export { CheckoutScreen } from './CheckoutScreen.tsx';
export { ExploreScreen } from './ExploreScreen.tsx';
export { OrderDetailScreen, OrderListScreen } from './OrderScreens.tsx';
export { ProductDetailScreen } from './ProductDetailScreen.tsx';
export { StoreHomeScreen } from './StoreHomeScreen.tsx';
export { StoreSearchScreen } from './StoreSearchScreen.tsx';
