import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * One API action: its path, who may call it and the zod contracts of what goes in and comes
 * out. The server mounts handlers by these definitions and generates /api/openapi.json from
 * them; the client parses answers with the same schemas.
 */
export interface RouteContract<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Express-style path under /api, e.g. "/user/login". */
  path: string;
  summary: string;
  /** public: no token needed; user: a valid session; admin: a session with the admin role. */
  auth: 'public' | 'user' | 'admin';
  body?: Body;
  query?: Query;
  /** Schema of `data` inside the success envelope. */
  response: Response;
  /** Money-moving actions take an Idempotency-Key header. */
  idempotent?: boolean;
  /** multipart/form-data upload instead of a JSON body: one file, or up to `maxFiles` (none required). */
  upload?: { field: string; maxBytes: number; mimeTypes: readonly string[]; maxFiles?: number };
}

export function defineRoute<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(route: RouteContract<Body, Query, Response>): RouteContract<Body, Query, Response> {
  return route;
}

export type BodyOf<R> =
  R extends RouteContract<infer B, z.ZodType | undefined, z.ZodType>
    ? B extends z.ZodType
      ? z.infer<B>
      : undefined
    : never;
export type QueryOf<R> =
  R extends RouteContract<z.ZodType | undefined, infer Q, z.ZodType>
    ? Q extends z.ZodType
      ? z.infer<Q>
      : undefined
    : never;
export type ResponseOf<R> =
  R extends RouteContract<z.ZodType | undefined, z.ZodType | undefined, infer S> ? z.infer<S> : never;
