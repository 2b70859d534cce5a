import { z } from 'zod';
import {
  bookSchema,
  bookSubscribeSchema,
  indexQuotesSchema,
  MARKET_EVENTS,
  MARKET_NAMESPACE,
  marketBreadthSchema,
  marketStatusSchema,
  marketStreamSchema,
  quoteSnapshotSchema,
  quotesSubscribeSchema,
  quoteUpdateSchema,
  rankEventSchema,
  rankSubscribeSchema,
  tradesEventSchema,
} from './market.ts';
import type { SupportRequest, supportEventSchemas, supportRequests } from './support.ts';
import { type USER_EVENTS, USER_NAMESPACE } from './trading.ts';
import { type ServerClock, serverClockSchema } from './user.ts';
import type { userEventSchemas } from './userEvents.ts';

/**
 * The Socket.IO event maps of each namespace, derived from the schemas that parse the payloads:
 * the server types its namespaces with them, the client its sockets (the two maps swapped),
 * so an event, a payload or an ack that does not match its contract fails the typecheck.
 * Types only describe the wire; each end still parses what it receives.
 */

/** An ack's error: its errors-catalogue key and message translated; a refused subscribe lists the unknown codes. */
export const ackErrorSchema = z.object({
  key: z.string(),
  message: z.string(),
  symbols: z.array(z.string()).readonly().optional(),
});
export type AckError = z.infer<typeof ackErrorSchema>;

/** Every ack: the data, or an error. A subscribe that names unknown codes fails whole with market.unknownSymbol. */
export const ackSchema = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: ackErrorSchema }),
  ]);
export type Ack<T> = { ok: true; data: T } | { ok: false; error: AckError };

/** The indices and the breadth are subscribed to whole: the request carries nothing. */
const noPayloadSchema = z.object({});

/**
 * Every namespace answers a ping with the server's clock: the connection check's socket latency
 * (the ack's round trip) and, as over HTTP, the clock skew. A payload that is not an object is
 * refused with common.validation.
 */
export const SOCKET_PING = 'clock:ping';
export const socketPing = { payload: noPayloadSchema, reply: serverClockSchema } as const;
type PingClientToServer = {
  [SOCKET_PING]: (payload: z.infer<typeof noPayloadSchema>, ack?: (reply: Ack<ServerClock>) => void) => void;
};

/** /market requests, client to server: what each carries and what its ack's data is. */
const requestSchemas = {
  [MARKET_EVENTS.quotesSubscribe]: { payload: quotesSubscribeSchema, reply: z.array(quoteSnapshotSchema) },
  [MARKET_EVENTS.quotesUnsubscribe]: { payload: quotesSubscribeSchema, reply: z.null() },
  [MARKET_EVENTS.bookSubscribe]: { payload: bookSubscribeSchema, reply: bookSchema },
  [MARKET_EVENTS.bookUnsubscribe]: { payload: bookSubscribeSchema, reply: z.null() },
  [MARKET_EVENTS.rankSubscribe]: { payload: rankSubscribeSchema, reply: rankEventSchema },
  [MARKET_EVENTS.rankUnsubscribe]: { payload: rankSubscribeSchema, reply: z.null() },
  [MARKET_EVENTS.indicesSubscribe]: { payload: noPayloadSchema, reply: indexQuotesSchema },
  [MARKET_EVENTS.indicesUnsubscribe]: { payload: noPayloadSchema, reply: z.null() },
  [MARKET_EVENTS.breadthSubscribe]: { payload: noPayloadSchema, reply: marketBreadthSchema },
  [MARKET_EVENTS.breadthUnsubscribe]: { payload: noPayloadSchema, reply: z.null() },
} as const;
export type MarketRequest = keyof typeof requestSchemas;
export type MarketRequestPayload<E extends MarketRequest> = z.infer<(typeof requestSchemas)[E]['payload']>;
export type MarketReply<E extends MarketRequest> = z.infer<(typeof requestSchemas)[E]['reply']>;
/** The same map typed per request, so code generic in the request gets that request's schemas. */
export const marketRequests: {
  readonly [E in MarketRequest]: {
    payload: z.ZodType<MarketRequestPayload<E>>;
    reply: z.ZodType<MarketReply<E>>;
  };
} = requestSchemas;

/** /market events, server to client: each event's payload. */
export const marketEventSchemas = {
  [MARKET_EVENTS.quotes]: z.array(quoteUpdateSchema),
  [MARKET_EVENTS.book]: bookSchema,
  [MARKET_EVENTS.trades]: tradesEventSchema,
  [MARKET_EVENTS.rank]: rankEventSchema,
  [MARKET_EVENTS.indices]: indexQuotesSchema,
  [MARKET_EVENTS.breadth]: marketBreadthSchema,
  [MARKET_EVENTS.status]: marketStatusSchema,
  [MARKET_EVENTS.stream]: marketStreamSchema,
} as const;
export type MarketEvent = keyof typeof marketEventSchemas;

export type MarketClientToServer = {
  [E in MarketRequest]: (
    payload: MarketRequestPayload<E>,
    ack?: (reply: Ack<MarketReply<E>>) => void,
  ) => void;
} & PingClientToServer;
export type MarketServerToClient = {
  [E in MarketEvent]: (payload: z.infer<(typeof marketEventSchemas)[E]>) => void;
};

/** /user: the server pushes the user's events; the client sends pings and the chat's requests (support.ts). */
export type UserClientToServer = PingClientToServer & {
  [E in SupportRequest]: (
    payload: z.infer<(typeof supportRequests)[E]['payload']>,
    ack?: (reply: Ack<z.infer<(typeof supportRequests)[E]['reply']>>) => void,
  ) => void;
};
export type UserServerToClient = {
  [K in keyof typeof USER_EVENTS as (typeof USER_EVENTS)[K]]: (
    payload: z.infer<(typeof userEventSchemas)[K]>,
  ) => void;
} & {
  [E in keyof typeof supportEventSchemas]: (payload: z.infer<(typeof supportEventSchemas)[E]>) => void;
};

/** Each namespace's maps, by its name. */
export interface SocketNamespaces {
  [MARKET_NAMESPACE]: { clientToServer: MarketClientToServer; serverToClient: MarketServerToClient };
  [USER_NAMESPACE]: { clientToServer: UserClientToServer; serverToClient: UserServerToClient };
}
export type SocketNamespace = keyof SocketNamespaces;
