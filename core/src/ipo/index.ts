/** What the workers' IPO jobs use of the server: tables, run control, settlement, messages. */
export { queryRows } from '../db/rows.ts';
export { notifyAll, redisMessagePublisher, type SentMessage } from '../messages/index.ts';
export {
  ALLOTMENT_JOB_OPTIONS,
  allotmentProgress,
  allotmentQueue,
  startAllotmentRun,
  startFirstAllotmentRun,
  sweepAllotmentRuns,
} from './allotmentRuns.ts';
export { createIpo } from './createIpo.ts';
export { snapshotHoldings } from './holdingSnapshots.ts';
export { noticeNumbers } from './numberNotices.ts';
export {
  holdingSnapshots,
  ipoAllotmentChunks,
  ipoAllotments,
  ipoDraws,
  ipoSubscriptions,
  ipos,
} from './schema.ts';
export { listIssue, sendPaymentNotices, settlePayments } from './settlement.ts';
