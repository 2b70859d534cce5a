/** The block-trade screens, loaded as one chunk (routes.tsx). */
export { BlockRecordsScreen } from './BlockRecordsScreen.tsx';
export { BlockTradeScreen } from './BlockTradeScreen.tsx';
