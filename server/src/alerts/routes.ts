import { priceAlertRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { createHandler } from './create.handler.ts';
import { listHandler } from './list.handler.ts';
import { removeHandler } from './remove.handler.ts';
import { updateHandler } from './update.handler.ts';

/** /api/user/alerts: a signed-in user's price alerts; each user sees and touches only their own. */
export const priceAlertRoutes = [
  route(contracts.list, listHandler),
  route(contracts.create, createHandler),
  route(contracts.update, updateHandler),
  route(contracts.remove, removeHandler),
];
