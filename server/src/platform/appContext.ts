import type { Redis } from 'ioredis';
import { LoginRateLimit } from '../accounts/loginRateLimit.ts';
import type { RegistrationHooks } from '../accounts/register.handler.ts';
import { type LoginKeys, loginKeyStore } from '../accounts/serverKeys.ts';
import { MarketState } from '../market/marketState.ts';
import { redisUserSockets, type UserSockets } from '../user-channel/endSockets.ts';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './database.ts';

export interface AppOptions {
  config: AppConfig;
  database: Database;
  redis: Redis;
  /** Prefix of every Redis key this app writes; tests use a unique one per file. */
  redisPrefix?: string;
  registrationHooks?: RegistrationHooks;
}

/** What handlers depend on; one per app instance, nothing in it that another replica needs. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  redis: Redis;
  /** Prefix of every Redis key this app reads and writes. */
  redisPrefix: string;
  loginKeys: () => Promise<LoginKeys>;
  loginRateLimit: LoginRateLimit;
  registrationHooks: RegistrationHooks;
  /** This process's view of the market, fed from Redis; startServer starts it. */
  market: MarketState;
  /** Closes the /user sockets of ended sessions on every replica. */
  userSockets: UserSockets;
}

export const DEFAULT_REDIS_PREFIX = 'bourse:';

export function createAppContext(options: AppOptions): AppContext {
  const redisPrefix = options.redisPrefix ?? DEFAULT_REDIS_PREFIX;
  return {
    config: options.config,
    db: options.database.db,
    redis: options.redis,
    redisPrefix,
    loginKeys: loginKeyStore(options.database.db),
    loginRateLimit: new LoginRateLimit(options.redis, redisPrefix),
    registrationHooks: options.registrationHooks ?? {},
    market: new MarketState(options.redis, redisPrefix),
    userSockets: redisUserSockets(options.redis, redisPrefix),
  };
}
