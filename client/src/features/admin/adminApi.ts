import {
  blockTradeRoutes,
  type ComplaintReply,
  complaintRoutes,
  identityRoutes,
  ipoRoutes,
  type MerchantRefusalReason,
  merchantRoutes,
  type NewIpoRequest,
  passwordResetRoutes,
  type RealNameReview,
  type RefundRefusalReason,
  refundRoutes,
  type SupportQueue,
  storeRoutes,
  supportDeskRoutes,
  type TopUpRefusalReason,
  topUpRoutes,
  type WithdrawalAuditRefusal,
  withdrawalRoutes,
} from '@bourse/shared';
import { callApi } from '../../lib/http/client.ts';

export const REVIEWS_PAGE_SIZE = 20;

/** Every recent issue, newest first (the public calendar: back office sees what users see). */
export const fetchIssues = (signal?: AbortSignal) => callApi(ipoRoutes.calendar, { signal, silent: true });

/** Silent: the form shows the refusal beside its fields. */
export const createIssue = (body: NewIpoRequest) => callApi(ipoRoutes.adminCreate, { body, silent: true });

/** Starts the batch, or a re-run of a batch that did not finish; answers its progress. */
export const runBatch = (code: string) => callApi(ipoRoutes.adminRunBatch, { body: { code }, silent: true });

export const fetchProgress = (code: string, signal?: AbortSignal) =>
  callApi(ipoRoutes.adminProgress, { params: { code }, signal, silent: true });

/** The oldest pending verification requests first. */
export const fetchPendingReviews = (signal?: AbortSignal) =>
  callApi(identityRoutes.reviewQueue, {
    params: { status: 'pending', page: 1, pageSize: REVIEWS_PAGE_SIZE },
    signal,
    silent: true,
  });

export const reviewRealName = (body: RealNameReview) =>
  callApi(identityRoutes.review, { body, silent: true });

/** Block orders whose settlement failed every attempt, oldest failure first. */
export const fetchFailedSettlements = (signal?: AbortSignal) =>
  callApi(blockTradeRoutes.adminFailed, { signal, silent: true });

/** Replaces a failed settlement's job by a fresh one; the worker settles it within seconds. */
export const retrySettlement = (orderId: string) =>
  callApi(blockTradeRoutes.adminRetry, { body: { orderId }, silent: true });

export const OUTBOX_PAGE_SIZE = 20;

/** The newest mails of the local outbox. */
export const fetchOutbox = (signal?: AbortSignal) =>
  callApi(passwordResetRoutes.outbox, {
    params: { page: 1, pageSize: OUTBOX_PAGE_SIZE },
    signal,
    silent: true,
  });

/** The newest complaints and suggestions. */
export const fetchComplaints = (signal?: AbortSignal) =>
  callApi(complaintRoutes.adminList, { params: { page: 1, pageSize: 20 }, signal, silent: true });

export const replyToComplaint = (body: ComplaintReply) =>
  callApi(complaintRoutes.adminReply, { body, silent: true });

/** The customer-service queue, latest first. */
export const fetchSupportQueue = (queue: SupportQueue, signal?: AbortSignal) =>
  callApi(supportDeskRoutes.queue, { params: { queue, limit: 50 }, signal, silent: true });

export const takeConversation = (conversationId: string) =>
  callApi(supportDeskRoutes.assign, { body: { conversationId } });

export const fetchSupportContext = (conversationId: string, signal?: AbortSignal) =>
  callApi(supportDeskRoutes.context, { params: { conversationId }, signal, silent: true });
/** Top-ups waiting for an audit, oldest first. */
export const fetchAuditingTopUps = (signal?: AbortSignal) =>
  callApi(topUpRoutes.adminList, {
    params: { state: 'auditing', page: 1, pageSize: 20 },
    signal,
    silent: true,
  });

export const passTopUp = (body: { id: string; arrivalAmount: string; note?: string }) =>
  callApi(topUpRoutes.adminPass, { body, silent: true });

export const refuseTopUp = (body: { id: string; reason: TopUpRefusalReason; note?: string }) =>
  callApi(topUpRoutes.adminRefuse, { body, silent: true });

/** Withdrawals waiting for an audit, oldest first. */
export const fetchAuditingWithdrawals = (signal?: AbortSignal) =>
  callApi(withdrawalRoutes.adminList, {
    params: { state: 'auditing', page: 1, pageSize: 20 },
    signal,
    silent: true,
  });

export const passWithdrawal = (body: { id: string; note?: string }) =>
  callApi(withdrawalRoutes.adminPass, { body, silent: true });

export const refuseWithdrawal = (body: { id: string; reason: WithdrawalAuditRefusal; note?: string }) =>
  callApi(withdrawalRoutes.adminRefuse, { body, silent: true });

/** Refunds in one state: requested ones wait for an answer, returning ones for the parcel's arrival. */
export const fetchRefundsIn = (state: 'requested' | 'returning', signal?: AbortSignal) =>
  callApi(refundRoutes.adminList, { params: { state, page: 1, pageSize: 20 }, signal, silent: true });

export const approveRefund = (id: string) =>
  callApi(refundRoutes.adminApprove, { body: { id }, silent: true });

export const refuseRefund = (body: { id: string; reason: RefundRefusalReason; note?: string }) =>
  callApi(refundRoutes.adminRefuse, { body, silent: true });

/** Escalated refunds waiting for the platform's ruling, oldest first. */
export const fetchEscalatedRefunds = (signal?: AbortSignal) =>
  callApi(refundRoutes.adminEscalated, {
    params: { state: 'open', page: 1, pageSize: 50 },
    signal,
    silent: true,
  });

export const approveEscalation = (id: string) =>
  callApi(refundRoutes.adminApproveEscalation, { body: { id }, silent: true });

export const upholdRefusal = (body: { id: string; note: string }) =>
  callApi(refundRoutes.adminUpholdRefusal, { body, silent: true });

export const confirmRefundReturn = (id: string) =>
  callApi(refundRoutes.adminConfirmReturn, { body: { id }, silent: true });

/** Merchant applications waiting for a decision, oldest first. */
export const fetchAuditingMerchants = (signal?: AbortSignal) =>
  callApi(merchantRoutes.adminList, {
    params: { state: 'auditing', page: 1, pageSize: 20 },
    signal,
    silent: true,
  });

export const approveMerchant = (id: string) =>
  callApi(merchantRoutes.adminApprove, { body: { id }, silent: true });

export const refuseMerchant = (body: { id: string; reason: MerchantRefusalReason; note?: string }) =>
  callApi(merchantRoutes.adminRefuse, { body, silent: true });

/** The storefront's categories in the reader's language, for naming an application's category. */
export const fetchCategories = (signal?: AbortSignal) =>
  callApi(storeRoutes.categories, { signal, silent: true });
