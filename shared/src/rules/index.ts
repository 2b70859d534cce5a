/** A-share trading rules as dated data, and the calculators that read them. See docs/domain-rules.md. */

export type { BlockTradeRule } from './blockTrade.ts';
export {
  BLOCK_TRADE_RULES,
  blockTradeMinimum,
  blockTradePriceRange,
  meetsBlockTradeMinimum,
} from './blockTrade.ts';
export type { TradingCalendar } from './calendar.ts';
export { createTradingCalendar, exchangeCalendar, holidayTableCovers } from './calendar.ts';
export { SHANGHAI_OFFSET_MS, shanghaiDate, shanghaiMinuteOfDay } from './dates.ts';
export type { FeeSchedule, FeeScheduleVersion, TradeFees } from './fees.ts';
export { FEE_SCHEDULES, feeScheduleAt, tradeFees } from './fees.ts';
export { EXCHANGE_HOLIDAYS, HOLIDAY_YEARS } from './holidays.ts';
export type { Board, Exchange, Instrument, InstrumentKind, SymbolClass } from './instruments.ts';
export { classifySymbol } from './instruments.ts';
export type { IpoRule } from './ipo.ts';
export {
  IPO_PAYMENT_CUTOFF,
  IPO_RULES,
  ipoBarredThrough,
  ipoHoldingWindow,
  ipoMaxShares,
  ipoQuotaUnits,
  ipoRulesAt,
  ipoSchedule,
  ipoTrancheCapShares,
} from './ipo.ts';
export type { DragonTigerTest, DragonTigerThresholds } from './lists.ts';
export {
  DRAGON_TIGER_THRESHOLDS,
  dragonTigerTests,
  dragonTigerThresholds,
  TEN_DEAL_LIST_SIZE,
} from './lists.ts';
export type { DemoClockState, DemoSegment, DemoTimeline } from './marketClock.ts';
export {
  DEFAULT_DEMO_CYCLE_MS,
  DEMO_DAY,
  demoTimeline,
  nextPhaseChange,
  shanghaiMidnight,
} from './marketClock.ts';
export type { LotRule, OrderQuantityArgs, OrderType, RuleCheck, Side } from './orders.ts';
export { checkOrderPrice, checkOrderQuantity, LOT_RULES, lotRuleAt, oddLot } from './orders.ts';
export type { CageQuote, PriceCageRule } from './priceCage.ts';
export { cageLimit, cageReference, checkPriceCage, PRICE_CAGES } from './priceCage.ts';
export type { PriceBandRule, PriceLimitArgs } from './prices.ts';
export { isOnTickGrid, PRICE_BANDS, priceLimits, tickSize } from './prices.ts';
export type { AfterHoursRule, MarketPhase, SessionSchedule } from './sessions.ts';
export {
  AFTER_HOURS_FIXED_PRICE,
  acceptsCancels,
  acceptsOrders,
  hasAfterHoursFixedPrice,
  isCallAuction,
  phaseAt,
  SESSION_SCHEDULES,
} from './sessions.ts';
export type { SettlementRule } from './settlement.ts';
export { cashWithdrawableFrom, SETTLEMENT_RULES, sellableFrom } from './settlement.ts';
export type { Versioned } from './versioned.ts';
