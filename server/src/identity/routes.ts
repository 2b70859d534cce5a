import { identityRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { payPasswordStatusHandler } from './payPasswordStatus.handler.ts';
import { reviewHandler } from './review.handler.ts';
import { reviewPhotoHandler } from './reviewPhoto.handler.ts';
import { reviewQueueHandler } from './reviewQueue.handler.ts';
import { setPayPasswordHandler } from './setPayPassword.handler.ts';
import { submitRealNameHandler } from './submitRealName.handler.ts';

/** Real-name verification, the payment password, and back office's review of verifications. */
export const identityRoutes = [
  route(contracts.submitRealName, submitRealNameHandler),
  route(contracts.payPasswordStatus, payPasswordStatusHandler),
  route(contracts.setPayPassword, setPayPasswordHandler),
  route(contracts.reviewQueue, reviewQueueHandler),
  route(contracts.reviewPhoto, reviewPhotoHandler),
  route(contracts.review, reviewHandler),
];
