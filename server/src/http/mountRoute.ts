import {
  authenticate,
  authenticateBriefly,
  authenticateCached,
  type Session,
} from '@bourse/core/accounts/sessions.ts';
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
import { idempotencyKeyOf } from './idempotencyKey.ts';
import { localeOf } from './locale.ts';
import { readUpload, readUploads, type Upload, type Uploads } from './upload.ts';

export interface RouteContext<C extends RouteContract> {
  body: BodyOf<C>;
  query: QueryOf<C>;
  /** Set on 'user' and 'admin' routes (see signedIn); null on public ones. */
  session: Session | null;
  /** Set on routes that upload one file. */
  upload: Upload | undefined;
  /** The path's parameters (`:id`), unparsed: the handler says what a malformed one means. */
  params: Record<string, string | undefined>;
  /** Set on idempotent routes (see idempotencyKey); undefined on the others. */
  idempotencyKey: string | undefined;
  /** Set on routes that upload several (`maxFiles`). */
  uploads: Uploads | undefined;
  locale: Locale;
  ip: string;
  /** The User-Agent header, if sent (kept beside a push subscription to name the device). */
  userAgent: string | undefined;
  app: AppContext;
  /** Sets a response header. */
  setHeader(name: string, value: string): void;
  /** Goes on outside the process's request limit (ConcurrencyLimit.leave). */
  leaveRequestLimit(): void;
}

export type Handler<C extends RouteContract> = (ctx: RouteContext<C>) => Promise<ResponseOf<C>>;

/** The session of a route whose contract requires one; mountRoute has already checked it. */
export function signedIn(ctx: { session: Session | null }): Session {
  if (!ctx.session) throw new DomainError('auth.loginFirst');
  return ctx.session;
}

/** The Idempotency-Key of a route whose contract is idempotent; mountRoute has already read and checked it. */
export function idempotencyKey(ctx: { idempotencyKey: string | undefined }): string {
  if (ctx.idempotencyKey === undefined)
    throw new Error('idempotencyKey() on a route whose contract is not idempotent');
  return ctx.idempotencyKey;
}

/** How a route is mounted beyond its contract. */
export interface RouteOptions {
  /**
   * Trust a session read in the last few seconds (authenticateBriefly): for the hot routes,
   * placing and cancelling orders, where even the session cache's round trip per order counts.
   */
  briefSession?: boolean;
  /**
   * Waits ahead of the other routes when the process is at its concurrency limit: paying for
   * units a buyer holds, which in a flash sale would otherwise queue behind the refusals.
   */
  urgent?: boolean;
}

/** A contract bound to its handler, ready to mount; the handler's types stay with the contract. */
export interface RouteEntry {
  contract: RouteContract;
  mount(router: Router, app: AppContext): void;
}

export function route<C extends RouteContract>(
  contract: C,
  handler: Handler<C>,
  options: RouteOptions = {},
): RouteEntry {
  return { contract, mount: (router, app) => mountRoute(router, contract, handler, app, options) };
}

async function sessionFor(
  contract: RouteContract,
  req: Request,
  app: AppContext,
  options: RouteOptions,
): Promise<Session | null> {
  if (contract.auth === 'public') return null;
  const token = req.get('token');
  if (contract.auth === 'admin') {
    // From the database, where a role change holds at once; a cached session's role could be minutes old.
    const session = await authenticate(app.db, token);
    if (session.role !== 'admin') throw new DomainError('common.forbidden');
    return session;
  }
  const store = { db: app.db, cache: app.sessionCache };
  return (options.briefSession ? authenticateBriefly : authenticateCached)(store, token);
}

/**
 * Mounts one contract: authenticates before reading any body, parses body and query with the
 * contract's zod schemas, then reads the Idempotency-Key of an idempotent contract (400
 * common.idempotencyKeyInvalid when missing or malformed; the domain keeps the rule, see
 * @bourse/core/platform/idempotency.ts), and answers the success envelope. Failures are thrown
 * to the edge.
 */
export function mountRoute<C extends RouteContract>(
  router: Router,
  contract: C,
  handler: Handler<C>,
  app: AppContext,
  options: RouteOptions = {},
): void {
  // An upload reads its body inside the handler: a slow sender must not hold one of the few places.
  const limited = contract.upload ? [] : [app.requestLimit.admit(options.urgent ?? false)];
  router[contract.method](contract.path, ...limited, async (req: Request, res: Response) => {
    const session = await sessionFor(contract, req, app, options);
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
    const body = (contract.body ? parseInput(contract.body, req.body ?? {}) : undefined) as BodyOf<C>;
    const query = (contract.query ? parseInput(contract.query, req.query) : undefined) as QueryOf<C>;
    const data = await handler({
      body,
      query,
      session,
      upload,
      params: req.params as Record<string, string | undefined>,
      idempotencyKey: contract.idempotent ? idempotencyKeyOf(req.get('idempotency-key')) : undefined,
      uploads,
      locale: localeOf(req.get('accept-language')),
      // Read only by the few routes that limit by address: resolving it through the proxy rule costs every request.
      get ip() {
        return req.ip ?? '';
      },
      userAgent: req.get('user-agent'),
      app,
      setHeader: (name, value) => void res.set(name, value),
      leaveRequestLimit: () => app.requestLimit.leave(res),
    });
    res.json(ok(data));
  });
}
