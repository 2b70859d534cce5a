/** The new-share screens, loaded as one chunk (routes.tsx). */
export { NewShareDetailScreen } from './NewShareDetailScreen.tsx';
export { NewSharesScreen } from './NewSharesScreen.tsx';
export { SubscriptionsScreen } from './SubscriptionsScreen.tsx';
