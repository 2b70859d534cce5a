/** The storefront screens, loaded as one chunk (routes.tsx). */
export { ComplaintScreen } from './complaints/ComplaintScreen.tsx';
export { ExploreScreen } from './ExploreScreen.tsx';
export { LogisticsScreen } from './logistics/LogisticsScreen.tsx';
export { ProductDetailScreen } from './ProductDetailScreen.tsx';
export { StoreHomeScreen } from './StoreHomeScreen.tsx';
export { StoreSearchScreen } from './StoreSearchScreen.tsx';
