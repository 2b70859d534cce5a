export { useWatchlist } from './watchlistStore.ts';
