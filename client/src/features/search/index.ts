export { InstrumentSearch, SEARCH_DEBOUNCE_MS } from './InstrumentSearch.tsx';
