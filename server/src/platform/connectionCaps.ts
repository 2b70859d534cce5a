import { randomUUID } from 'node:crypto';
import { logger } from '@bourse/core/platform/logger.ts';
import { LuaScript } from '@bourse/core/platform/luaScript.ts';
import { DomainError } from '@bourse/shared';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io';
import { refusal, socketLocale } from '../http/socketRefusal.ts';

export interface ConnectionCapsConfig {
  /** Connections one client address may hold across the replicas; 0 for no cap. */
  perAddress: number;
  /** /user sockets one session may hold across the replicas; 0 for no cap. */
  perSession: number;
}

/**
 * Admits `member` to the set KEYS[1] when it is in it already or the set has room, after
 * dropping the members whose lease ran out. 1: admitted, 2: already in, 0: refused.
 * ARGV: now, lease end, member, cap, lease ms.
 */
const ADMIT = new LuaScript(`
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local known = redis.call('ZSCORE', KEYS[1], ARGV[3])
if not known and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
if known then return 2 end
return 1`);

/** A process that crashes leaves its connections counted this long at most. */
const LEASE_MS = 90_000;
/** Each process renews the leases of the connections it holds this often. */
const RENEW_MS = 30_000;

/** An id per engine.io connection, shared by the namespace sockets multiplexed over it. */
const connectionIds = new WeakMap<object, string>();
function connectionIdOf(socket: Socket): string {
  let id = connectionIds.get(socket.conn);
  if (!id) {
    id = randomUUID();
    connectionIds.set(socket.conn, id);
  }
  return id;
}

/** One warning a minute while Redis cannot count: connections are let in meanwhile. */
let lastUncounted = 0;
function warnUncounted(err: unknown): void {
  if (Date.now() - lastUncounted < 60_000) return;
  lastUncounted = Date.now();
  logger.warn({ err: (err as Error).message }, 'socket caps: Redis unavailable; connections not counted');
}

/**
 * Caps Socket.IO connections per client address and per session, counted in Redis so that
 * every replica sees the same count: a sorted set per address (or session) of the connections
 * it holds, each with a lease its process renews while the connection is open and removes when
 * it closes. A crashed process's connections drop out when their leases run out.
 *
 * An address counts engine.io connections, so the /market and /user sockets a page multiplexes
 * over one connection count once. Without Redis nothing can be counted and connections are let
 * in: the caps defend against abuse and must not take the market down with Redis.
 */
export class ConnectionCaps {
  /** Sets and members this process holds, to renew. */
  private readonly held = new Map<string, Set<string>>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly config: ConnectionCapsConfig,
    /** The client's address, as Express's req.ip reads it (same proxy trust). */
    private readonly addressOf: (socket: Socket) => string,
  ) {
    this.timer = setInterval(() => void this.renew(), RENEW_MS);
    this.timer.unref();
  }

  /** Middleware for a namespace: refuses a connection past the address's cap. */
  readonly perAddress = async (socket: Socket, next: (err?: Error) => void): Promise<void> => {
    const max = this.config.perAddress;
    if (max <= 0) return next();
    const key = `${this.prefix}socketcap:address:${this.addressOf(socket)}`;
    const connection = connectionIdOf(socket);
    const admitted = await this.admit(key, connection, max);
    if (admitted === 0)
      return next(refusal(new DomainError('socket.tooManyFromAddress', { max }), socketLocale(socket)));
    // Admitted anew: released when the connection (not one namespace's socket on it) closes.
    if (admitted === 1) this.releaseWhenGone(socket, key, connection, 'connection');
    next();
  };

  /**
   * For /user after authentication: refuses a socket past the session's cap, with the refusal
   * for `next`, or undefined when admitted (released at its disconnect).
   */
  async perSession(socket: Socket, sessionId: string): Promise<Error | undefined> {
    const max = this.config.perSession;
    if (max <= 0) return undefined;
    const key = `${this.prefix}socketcap:session:${sessionId}`;
    const admitted = await this.admit(key, socket.id, max);
    if (admitted === 0)
      return refusal(new DomainError('socket.tooManyForSession', { max }), socketLocale(socket));
    this.releaseWhenGone(socket, key, socket.id, 'socket');
    return undefined;
  }

  /**
   * Releases `member` when the connection closes or, for a socket, when it disconnects; at
   * once if the client left while it was being counted (no event would come then).
   */
  private releaseWhenGone(socket: Socket, key: string, member: string, scope: 'connection' | 'socket'): void {
    const release = () => void this.release(key, member);
    if (socket.conn.readyState === 'closed') {
      release();
      return;
    }
    socket.conn.once('close', release);
    if (scope === 'socket') socket.once('disconnect', release);
  }

  close(): void {
    clearInterval(this.timer);
  }

  private async admit(key: string, member: string, max: number): Promise<0 | 1 | 2> {
    const now = Date.now();
    try {
      const answer = (await ADMIT.run(this.redis, [key], [now, now + LEASE_MS, member, max, LEASE_MS])) as
        | 0
        | 1
        | 2;
      if (answer !== 0) this.hold(key, member);
      return answer;
    } catch (err) {
      warnUncounted(err);
      return 2;
    }
  }

  private hold(key: string, member: string): void {
    const members = this.held.get(key) ?? new Set<string>();
    members.add(member);
    this.held.set(key, members);
  }

  private async release(key: string, member: string): Promise<void> {
    const members = this.held.get(key);
    members?.delete(member);
    if (members?.size === 0) this.held.delete(key);
    await this.redis.zrem(key, member).catch(warnUncounted);
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0) return;
    const until = Date.now() + LEASE_MS;
    const pipeline = this.redis.pipeline();
    for (const [key, members] of this.held) {
      // XX: a member released meanwhile is not brought back.
      for (const member of members) pipeline.zadd(key, 'XX', until, member);
      pipeline.pexpire(key, LEASE_MS);
    }
    await pipeline.exec().catch(warnUncounted);
  }
}
