export {
  useBookStream,
  useBreadth,
  useConnectionState,
  useFeedState,
  useIndices,
  useLiveQuote,
  useMarketStatus,
  useOpenMarketSocket,
  useQuote,
  useQuoteStream,
  useRank,
} from './data/hooks.ts';
export { loadMarketApi } from './data/loadMarketApi.ts';
export {
  fetchDragonTiger,
  fetchDragonTigerDates,
  fetchInstrument,
  fetchIntraday,
  fetchKline,
  searchInstruments,
} from './data/marketApi.ts';
export { marketClockView } from './data/marketClock.ts';
export type { Logger } from './data/marketConnection.ts';
export type { ConnectionState, Quote } from './data/marketStore.ts';
export { useMarketStore } from './data/marketStore.ts';
export { MarketStatusBar } from './MarketStatusBar.tsx';
export { useFlash } from './QuoteRow.tsx';
