import { ipoRoutes, type SubscribeIpo } from '@bourse/shared';
import { callApi } from '../../lib/http/client.ts';

export const SUBSCRIPTIONS_PAGE_SIZE = 20;

/** Every recent issue (the newest hundred); the screen groups them by status. */
export const fetchCalendar = (signal?: AbortSignal) => callApi(ipoRoutes.calendar, { signal, silent: true });

/** One issue, open without login. */
export const fetchIssue = (code: string, signal?: AbortSignal) =>
  callApi(ipoRoutes.issue, { params: { code }, signal, silent: true });

/** The issue with the user's quota and subscription. */
export const fetchIssueDetail = (code: string, signal?: AbortSignal) =>
  callApi(ipoRoutes.detail, { params: { code }, signal, silent: true });

/** Silent: the payment-password sheet shows a refusal. */
export const subscribeIpo = (body: SubscribeIpo) => callApi(ipoRoutes.subscribe, { body, silent: true });

export const fetchSubscriptions = (page: number, signal?: AbortSignal) =>
  callApi(ipoRoutes.subscriptions, {
    params: { page, pageSize: SUBSCRIPTIONS_PAGE_SIZE },
    signal,
    silent: true,
  });
