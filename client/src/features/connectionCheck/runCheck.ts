import {
  ackSchema,
  type Locale,
  SOCKET_PING,
  type SocketNamespace,
  serverClockSchema,
  userRoutes,
} from '@bourse/shared';
import { currentLocale, i18n } from '../../i18n/index.ts';
import { messageOf } from '../../lib/http/ApiError.ts';
import { callApi } from '../../lib/http/client.ts';
import type { ConnectionState } from '../market/index.ts';
import { sessionSocket } from '../session/index.ts';
import type { ChannelState } from '../trade/index.ts';
import {
  type ClockSample,
  type ClockSkew,
  clockSkewOf,
  type Latency,
  latencyOf,
  userAgentSummary,
} from './measure.ts';

/** Pings per channel: enough for a median, few enough to finish in a blink on a good line. */
export const PINGS = 5;
/** A socket not open within this is reported as it stands, without latency. */
export const CONNECT_WAIT_MS = 5_000;
/** A ping not answered within this counts as lost. */
export const PING_TIMEOUT_MS = 5_000;
const CONNECT_POLL_MS = 100;

/** What the check needs of a namespace's socket; socket.io-client's fits, and so does the tests' fake. */
export interface PingSocket {
  readonly connected: boolean;
  emit(event: typeof SOCKET_PING, payload: Record<string, never>, ack: (reply: unknown) => void): unknown;
}

/** The app's own socket of each namespace, the one its screens stream on: the check measures what they get. */
let socketOf: (namespace: SocketNamespace) => PingSocket = (namespace) => sessionSocket(namespace);

/** Tests: the check pings these sockets instead. */
export function resetPingSockets(factory: (namespace: SocketNamespace) => PingSocket): void {
  socketOf = factory;
}

/** What the app's stores say of a namespace: the market connection's or the /user channel's state. */
export type ChannelStateName = ConnectionState | ChannelState;

/** A namespace as the app uses it: its socket, and its channel's state as the app's store says it. */
export interface ChannelProbe {
  namespace: SocketNamespace;
  state(): ChannelStateName;
}

/** A series of pings: their round trips, how many were not answered (the first failure ends it) and why. */
export interface Measured {
  latency: Latency | null;
  lost: number;
  error: string | null;
}

export interface ChannelResult extends Measured {
  namespace: SocketNamespace;
  state: ChannelStateName;
}

export interface ConnectionReport {
  /** When the check ran, ISO. */
  at: string;
  appVersion: string;
  language: Locale;
  userAgent: string;
  browser: string;
  online: boolean;
  api: Measured;
  clock: ClockSkew | null;
  channels: ChannelResult[];
}

const pingAck = ackSchema(serverClockSchema);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Times one exchange that answers the server's clock. */
async function sample(exchange: () => Promise<number>): Promise<ClockSample> {
  const sentAt = Date.now();
  const started = performance.now();
  const serverTime = await exchange();
  return { sentAt, receivedAt: Date.now(), roundTripMs: performance.now() - started, serverTime };
}

/**
 * PINGS exchanges one after another (sent together, each would wait behind the others). The first
 * failure ends the series: the rest would most likely wait out their timeouts too.
 */
async function pingSeries(exchange: () => Promise<number>): Promise<Measured & { samples: ClockSample[] }> {
  const samples: ClockSample[] = [];
  let error: string | null = null;
  while (samples.length < PINGS && error === null) {
    try {
      samples.push(await sample(exchange));
    } catch (failure) {
      error = messageOf(failure);
    }
  }
  const latency = latencyOf(samples.map((s) => s.roundTripMs));
  return { samples, latency, lost: PINGS - samples.length, error };
}

function socketPing(socket: PingSocket): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(i18n.t('connection.timedOut'))), PING_TIMEOUT_MS);
    socket.emit(SOCKET_PING, {}, (reply) => {
      clearTimeout(timer);
      const parsed = pingAck.safeParse(reply);
      if (!parsed.success) reject(new Error(i18n.t('connection.badReply')));
      else if (!parsed.data.ok) reject(new Error(parsed.data.error.message));
      else resolve(parsed.data.data.serverTime);
    });
  });
}

async function waitConnected(socket: PingSocket, signal: AbortSignal): Promise<boolean> {
  for (let waited = 0; !socket.connected && waited < CONNECT_WAIT_MS; waited += CONNECT_POLL_MS) {
    signal.throwIfAborted();
    await sleep(CONNECT_POLL_MS);
  }
  return socket.connected;
}

async function checkChannel(
  probe: ChannelProbe,
  signal: AbortSignal,
): Promise<{ result: ChannelResult; samples: ClockSample[] }> {
  const socket = socketOf(probe.namespace);
  if (!(await waitConnected(socket, signal))) {
    return {
      result: { namespace: probe.namespace, state: probe.state(), latency: null, lost: 0, error: null },
      samples: [],
    };
  }
  const { samples, ...measured } = await pingSeries(() => socketPing(socket));
  return { result: { namespace: probe.namespace, state: probe.state(), ...measured }, samples };
}

/**
 * Measures the connection as the app uses it: PINGS round trips to GET /api/ping and to each
 * namespace's ping, the clock skew from the fastest of them all, and what the device says of
 * itself. The channels are checked one after another so their pings do not queue behind each other.
 */
export async function runCheck(
  channels: readonly ChannelProbe[],
  signal: AbortSignal,
): Promise<ConnectionReport> {
  const { samples, ...api } = await pingSeries(
    async () => (await callApi(userRoutes.ping, { silent: true, signal })).serverTime,
  );
  const results: ChannelResult[] = [];
  for (const probe of channels) {
    signal.throwIfAborted();
    const checked = await checkChannel(probe, signal);
    results.push(checked.result);
    samples.push(...checked.samples);
  }
  return {
    at: new Date().toISOString(),
    appVersion: __APP_VERSION__,
    language: currentLocale(),
    userAgent: navigator.userAgent,
    browser: userAgentSummary(navigator.userAgent),
    online: navigator.onLine,
    api,
    clock: clockSkewOf(samples),
    channels: results,
  };
}
