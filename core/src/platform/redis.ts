import { DomainError } from '@bourse/shared';
import { type Command, Redis } from 'ioredis';
import { logger } from './logger.ts';
import { ThrottledWarning } from './throttledWarning.ts';

/** ioredis retries every ~2 s during an outage; one line a minute per connection is enough. */
const OUTAGE_LOG_INTERVAL_MS = 60_000;

function logConnectionErrors(redis: Redis): Redis {
  const connectionError = new ThrottledWarning('redis connection error', OUTAGE_LOG_INTERVAL_MS);
  redis.on('error', (err: Error) => connectionError.warn({ err: err.message }));
  return redis;
}

/**
 * A Redis client for request paths: a command fails after one reconnection attempt instead of
 * hanging the request, and connection errors are logged while ioredis keeps reconnecting, so a
 * Redis outage degrades requests but never crashes the process.
 */
export function createRedis(url: string): Redis {
  return logConnectionErrors(new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5_000 }));
}

/**
 * Runs the Redis commands of a guard against guessing (attempt counters, locks). Without Redis
 * nothing can be counted: refuse with 503 rather than allow unlimited guessing.
 */
export async function guardedByRedis<T>(guard: string, command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (err) {
    logger.error({ err }, `${guard} unavailable`);
    throw new DomainError('common.unavailable');
  }
}

/** What the Socket.IO adapter sends without awaiting the answer. */
const FIRE_AND_FORGET = new Set([
  'publish',
  'spublish',
  'subscribe',
  'psubscribe',
  'ssubscribe',
  'unsubscribe',
  'punsubscribe',
  'sunsubscribe',
]);

/** Logs failures of commands that nobody awaits instead of letting them become unhandled rejections. */
function catchFloatingCommands(redis: Redis): Redis {
  const commandFailed = new ThrottledWarning('redis command failed', OUTAGE_LOG_INTERVAL_MS);
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command: Command, ...rest) => {
    if (FIRE_AND_FORGET.has(command.name)) {
      command.promise.catch((err: Error) => {
        // Commands cut off by our own disconnect() at shutdown are expected.
        if (redis.status !== 'end') commandFailed.warn({ err: err.message });
      });
    }
    return send(command, ...rest);
  };
  return redis;
}

/**
 * The Socket.IO adapter's publisher and subscriber. The adapter fires commands without awaiting
 * them, which during an outage would be unhandled rejections (fatal in Node), so their failures
 * are logged. The subscriber waits for Redis instead of failing, so its subscriptions exist, and
 * are renewed, once Redis is back.
 */
export function adapterClients(redis: Redis): { pub: Redis; sub: Redis } {
  return {
    pub: catchFloatingCommands(logConnectionErrors(redis.duplicate())),
    sub: catchFloatingCommands(logConnectionErrors(redis.duplicate({ maxRetriesPerRequest: null }))),
  };
}
