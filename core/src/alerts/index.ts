export {
  AlertIndex,
  type AlertRecord,
  type Firing,
  type IndexedAlert,
  indexedAlert,
  toUnits,
} from './alertIndex.ts';
export { type AlertQuote, readAlertQuotes } from './alertQuotes.ts';
export { type AlertsDeps, alertsOf, createAlert, deleteAlert, updateAlert } from './alerts.ts';
export { enabledAlerts, enabledAlertsAmong } from './armed.ts';
export { ALERT_CHANGES_CHANNEL, type AlertChanges, redisAlertChanges } from './changes.ts';
export { type ClaimedFiring, claimFirings } from './claim.ts';
export { type AlertChannel, pushAlertChannel, socketAlertChannel } from './delivery.ts';
export { priceAlerts } from './schema.ts';
