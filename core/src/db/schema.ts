// Every table, each beside its feature: drizzle-kit and the test helpers read them from here. Feature
// schemas import what they reference from its own file, never from this barrel, so no cycle runs through it.
export { passwordResetCodes } from '../accounts/passwordReset/schema.ts';
export { avatars, sessions, users } from '../accounts/schema.ts';
export { priceAlerts } from '../alerts/schema.ts';
export { bankCards, bankTransfers } from '../banking/schema.ts';
export { blockOrders } from '../blockTrade/schema.ts';
export { cashFundDays, cashFundHoldings, cashFundOrders, cashFundYields } from '../fund/schema.ts';
export { payPasswords, realNamePhotos, realNameVerifications } from '../identity/schema.ts';
export {
  holdingSnapshots,
  ipoAllotmentChunks,
  ipoAllotments,
  ipoDraws,
  ipoLotteryRanges,
  ipoSubscriptions,
  ipos,
} from '../ipo/schema.ts';
export { journalEntries, ledgerAccounts, postings } from '../ledger/schema.ts';
export { mailOutbox } from '../mail/schema.ts';
export {
  dragonTigerDays,
  dragonTigerEntries,
  dragonTigerSeats,
  marketDayBars,
  marketMinuteBars,
} from '../market/history/schema.ts';
export { messages } from '../messages/schema.ts';
export { databaseInstance, serverKeys } from '../platform/schema.ts';
export { pushDeliveries, pushPreferences, pushSubscriptions } from '../push/schema.ts';
export { storeComplaints } from '../store/complaints/schema.ts';
export { storeShipmentEvents, storeShipments } from '../store/logistics/schema.ts';
export { storeMerchantApplications } from '../store/merchants/schema.ts';
export {
  storeAddresses,
  storeCartLines,
  storeCheckouts,
  storeOrderEvents,
  storeOrderLines,
  storeOrders,
  storePayments,
  storePromoCodes,
} from '../store/orderSchema.ts';
export { storePayouts } from '../store/payouts/schema.ts';
export { storeProductPictures } from '../store/pictures/schema.ts';
export { storeRefundEvents, storeRefunds } from '../store/refunds/schema.ts';
export { storeReviewPictures, storeReviews } from '../store/reviews/schema.ts';
export {
  storeProductSpecs,
  storeProducts,
  storeSearchVersion,
  storeShopFollows,
  storeShops,
} from '../store/schema.ts';
export { storeTopUps } from '../store/topUps/schema.ts';
export { storeWithdrawals } from '../store/withdrawals/schema.ts';
export { supportConversations, supportMessages, supportPictures } from '../support/schema.ts';
export { fills, matcherFences, orders, positionHistory, positions } from '../trading/schema.ts';
export { watchlistItems } from '../watchlist/schema.ts';
