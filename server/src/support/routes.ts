import { supportRoutes as contracts, supportDeskRoutes as desk } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { assignHandler, contextHandler, queueHandler } from './desk.handlers.ts';
import { sendPictureHandler } from './sendPicture.handler.ts';
import { supportSummaryHandler } from './summary.handler.ts';

/** /api/support: the user's chat (its badge, its pictures); /api/admin/support: the staff desk. Text travels over /user (supportSocket.ts). */
export const supportRoutes = [
  route(contracts.summary, supportSummaryHandler),
  route(contracts.picture, sendPictureHandler),
  route(desk.queue, queueHandler),
  route(desk.assign, assignHandler),
  route(desk.context, contextHandler),
];
