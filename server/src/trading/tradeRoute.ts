import { authenticateBriefly, type Session } from '@bourse/core/accounts/sessions.ts';
import { parseInput } from '@bourse/core/platform/validation.ts';
import { type BodyOf, type Locale, ok, type ResponseOf, type RouteContract } from '@bourse/shared';
import type { Request, Response } from 'express';
import { localeOf } from '../http/locale.ts';
import type { RouteEntry } from '../http/mountRoute.ts';
import type { AppContext } from '../platform/appContext.ts';

export interface TradeRouteContext<C extends RouteContract> {
  body: BodyOf<C>;
  params: Record<string, string | undefined>;
  header(name: string): string | undefined;
  session: Session;
  locale: Locale;
  app: AppContext;
  /** Sets a response header. */
  setHeader(name: string, value: string): void;
}

/**
 * A signed-in route mounted by hand: contract handlers receive neither path parameters nor
 * headers, and placing an order needs its Idempotency-Key, cancelling its id.
 */
export function tradeRoute<C extends RouteContract>(
  contract: C,
  handler: (ctx: TradeRouteContext<C>) => Promise<ResponseOf<C>>,
): RouteEntry {
  return {
    contract,
    mount(router, app) {
      router[contract.method](contract.path, async (req: Request, res: Response) => {
        const session = await authenticateBriefly(app.db, req.get('token'));
        const data = await handler({
          body: (contract.body ? parseInput(contract.body, req.body ?? {}) : undefined) as BodyOf<C>,
          params: req.params as Record<string, string | undefined>,
          header: (name) => req.get(name),
          session,
          locale: localeOf(req.get('accept-language')),
          app,
          setHeader: (name, value) => void res.set(name, value),
        });
        res.json(ok(data));
      });
    },
  };
}
