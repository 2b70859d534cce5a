import { watchlistRoutes as contracts } from '@bourse/shared';
import { route } from '../http/mountRoute.ts';
import { addHandler } from './add.handler.ts';
import { listHandler } from './list.handler.ts';
import { mergeHandler } from './merge.handler.ts';
import { removeHandler } from './remove.handler.ts';

/** /api/user/watchlist: the stocks a signed-in user watches, kept on the account. */
export const watchlistRoutes = [
  route(contracts.list, listHandler),
  route(contracts.add, addHandler),
  route(contracts.merge, mergeHandler),
  route(contracts.remove, removeHandler),
];
