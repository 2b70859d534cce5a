import { ipoRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { adminCreateHandler } from './adminCreate.handler.ts';
import { adminProgressHandler } from './adminProgress.handler.ts';
import { adminRunBatchHandler } from './adminRunBatch.handler.ts';
import { calendarHandler } from './calendar.handler.ts';
import { detailHandler } from './detail.handler.ts';
import { issueHandler } from './issue.handler.ts';
import { subscribeHandler } from './subscribe.handler.ts';
import { subscriptionsHandler } from './subscriptions.handler.ts';

/** /api/ipo: the calendar, quota and subscriptions; /api/admin/ipo: the back office's batch control. */
export const ipoRoutes = [
  route(contracts.calendar, calendarHandler),
  route(contracts.issue, issueHandler),
  route(contracts.detail, detailHandler),
  route(contracts.subscribe, subscribeHandler),
  route(contracts.subscriptions, subscriptionsHandler),
  route(contracts.adminCreate, adminCreateHandler),
  route(contracts.adminRunBatch, adminRunBatchHandler),
  route(contracts.adminProgress, adminProgressHandler),
];
