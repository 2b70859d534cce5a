import { authenticate, type Session } from '@bourse/core/accounts/sessions.ts';
import { parseInput } from '@bourse/core/platform/validation.ts';
import {
  type BodyOf,
  DomainError,
  type Locale,
  ok,
  type QueryOf,
  type ResponseOf,
  type RouteContract,
} from '@bourse/shared';
import type { Request, Response, Router } from 'express';
import type { AppContext } from '../platform/appContext.ts';
import { localeOf } from './locale.ts';
import { readUpload, readUploads, type Upload, type Uploads } from './upload.ts';

export interface RouteContext<C extends RouteContract> {
  body: BodyOf<C>;
  query: QueryOf<C>;
  /** Set on 'user' and 'admin' routes (see signedIn); null on public ones. */
  session: Session | null;
  /** Set on routes that upload one file. */
  upload: Upload | undefined;
  /** Set on routes that upload several (`maxFiles`). */
  uploads: Uploads | undefined;
  locale: Locale;
  ip: string;
  app: AppContext;
}

export type Handler<C extends RouteContract> = (ctx: RouteContext<C>) => Promise<ResponseOf<C>>;

/** The session of a route whose contract requires one; mountRoute has already checked it. */
export function signedIn(ctx: { session: Session | null }): Session {
  if (!ctx.session) throw new DomainError('auth.loginFirst');
  return ctx.session;
}

/** A contract bound to its handler, ready to mount; the handler's types stay with the contract. */
export interface RouteEntry {
  contract: RouteContract;
  mount(router: Router, app: AppContext): void;
}

export function route<C extends RouteContract>(contract: C, handler: Handler<C>): RouteEntry {
  return { contract, mount: (router, app) => mountRoute(router, contract, handler, app) };
}

async function sessionFor(contract: RouteContract, req: Request, app: AppContext): Promise<Session | null> {
  if (contract.auth === 'public') return null;
  const session = await authenticate(app.db, req.get('token'));
  if (contract.auth === 'admin' && session.role !== 'admin') throw new DomainError('common.forbidden');
  return session;
}

/**
 * Mounts one contract: authenticates before reading any body, parses body and query with the
 * contract's zod schemas and answers the success envelope. Failures are thrown to the edge.
 */
export function mountRoute<C extends RouteContract>(
  router: Router,
  contract: C,
  handler: Handler<C>,
  app: AppContext,
): void {
  router[contract.method](contract.path, async (req: Request, res: Response) => {
    const session = await sessionFor(contract, req, app);
    // express.json() left a body it does not read (another Content-Type) unparsed; an upload
    // route reads multipart itself, its text fields becoming the body. Any other body would be
    // read as none and refused for a missing field: say what is wrong with it instead.
    const unreadBody =
      req.body === undefined && (Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding'));
    const multipart =
      contract.upload !== undefined && req.is('multipart/form-data') === 'multipart/form-data';
    if ((contract.body || contract.upload) && unreadBody && !multipart) {
      throw new DomainError('common.unsupportedMediaType');
    }
    const spec = contract.upload;
    const upload = spec && spec.maxFiles === undefined ? await readUpload(req, res, spec) : undefined;
    const uploads =
      spec?.maxFiles === undefined
        ? undefined
        : await readUploads(req, res, { ...spec, maxFiles: spec.maxFiles });
    const data = await handler({
      body: (contract.body ? parseInput(contract.body, req.body ?? {}) : undefined) as BodyOf<C>,
      query: (contract.query ? parseInput(contract.query, req.query) : undefined) as QueryOf<C>,
      session,
      upload,
      uploads,
      locale: localeOf(req.get('accept-language')),
      ip: req.ip ?? '',
      app,
    });
    res.json(ok(data));
  });
}
