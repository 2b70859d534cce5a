/**
 * The storefront's open screens, a chunk apart from the account ones (routes.tsx): a shopper who
 * browses loads the catalogue's code, not the contracts of refunds, top-ups, withdrawals and the
 * seller console (their schemas were most of /shop's start).
 */
export { ExploreScreen } from './ExploreScreen.tsx';
export { ProductDetailScreen } from './ProductDetailScreen.tsx';
export { ProductReviewsScreen } from './reviews/ReviewScreens.tsx';
export { StoreHomeScreen } from './StoreHomeScreen.tsx';
export { StoreSearchScreen } from './StoreSearchScreen.tsx';
