/** The market feed: the interface any source implements, and the simulator that is the default one. */
export type { DemoClock, DemoClockOptions, DemoSegment, FeedClock, SteppedClock } from './clock.ts';
export {
  acceleratedClock,
  DEMO_DAY,
  demoClock,
  demoClockState,
  exchangeClock,
  steppedClock,
} from './clock.ts';
export type { ProcessParams } from './params.ts';
export { DEFAULT_PARAMS } from './params.ts';
export type { SimulatedFeedOptions } from './simulatedFeed.ts';
export { SimulatedFeed } from './simulatedFeed.ts';
export type { SimulationObserver, SimulatorOptions } from './simulator.ts';
export { MarketSimulator } from './simulator.ts';
export type {
  BookLevel,
  DayFigures,
  FeedSnapshot,
  IndexQuote,
  InstrumentInfo,
  MarketFeed,
  PhaseChange,
  Quote,
  Trade,
  TradeKind,
  Unsubscribe,
} from './types.ts';
export type { IndexDefinition, LiquidityTier, Listing, Universe } from './universe/universe.ts';
export { generateUniverse } from './universe/universe.ts';
