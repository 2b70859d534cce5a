import { z } from 'zod';
import { defineRoute } from '../api/route.ts';

/** Each stock on the watchlist streams to the home screen; a socket carries at most 300 symbols. */
export const MAX_WATCHLIST = 100;

export const watchSymbolSchema = z
  .string({ message: 'market.badSymbol' })
  .regex(/^\d{6}$/, { message: 'market.badSymbol' });

/** The user's watchlist as every watchlist route answers it: six-digit codes, newest first. */
export const watchlistSchema = z.object({ symbols: z.array(z.string()) });
export type Watchlist = z.infer<typeof watchlistSchema>;

export const watchlistRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/user/watchlist',
    summary: "The user's watchlist, newest first",
    auth: 'user',
    response: watchlistSchema,
  }),
  add: defineRoute({
    method: 'post',
    path: '/user/watchlist',
    summary: 'Watch a listed stock; watching it again keeps it where it is',
    auth: 'user',
    body: z.object({ symbol: watchSymbolSchema }),
    response: watchlistSchema,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/user/watchlist/:symbol',
    summary: 'Stop watching a stock; one not on the list is fine',
    auth: 'user',
    response: watchlistSchema,
  }),
  merge: defineRoute({
    method: 'post',
    path: '/user/watchlist/merge',
    summary:
      "Add a guest's list (newest first) at login: codes already watched, not listed or beyond the cap are left out",
    auth: 'user',
    body: z.object({ symbols: z.array(watchSymbolSchema).max(MAX_WATCHLIST) }),
    response: watchlistSchema,
  }),
} as const;
