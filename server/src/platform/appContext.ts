import { loginAttempts } from '@bourse/core/accounts/loginAttempts.ts';
import { type RegistrationHooks, registrationLimit } from '@bourse/core/accounts/registration.ts';
import { type LoginKeys, loginKeyStore } from '@bourse/core/accounts/serverKeys.ts';
import { MarketState } from '@bourse/core/market/marketState.ts';
import type { AttemptLimit } from '@bourse/core/platform/attemptLimit.ts';
import type { AppConfig } from '@bourse/core/platform/config.ts';
import type { PlatformContext } from '@bourse/core/platform/context.ts';
import type { Database } from '@bourse/core/platform/database.ts';
import { redisUserSockets, type UserSockets } from '@bourse/core/user-channel/endSockets.ts';
import type { Redis } from 'ioredis';

export interface AppOptions {
  config: AppConfig;
  database: Database;
  redis: Redis;
  /** Prefix of every Redis key and channel this app uses (resolveRedisPrefix); tests use a unique one per file. */
  redisPrefix: string;
  registrationHooks?: RegistrationHooks;
}

/** What handlers depend on; one per app instance, nothing in it that another replica needs. */
export interface AppContext extends PlatformContext {
  loginKeys: () => Promise<LoginKeys>;
  /** Login and change-password's attempt budgets (docs/adr/0011-attempt-limits.md). */
  loginAttempts: AttemptLimit;
  registrationHooks: RegistrationHooks;
  /** Registrations per client IP per hour (config.registrationsPerIpPerHour). */
  registrationLimit: AttemptLimit;
  /** This process's view of the market, fed from Redis; startServer starts it. */
  market: MarketState;
  /** Closes the /user sockets of ended sessions on every replica. */
  userSockets: UserSockets;
}

export function createAppContext(options: AppOptions): AppContext {
  const { redisPrefix } = options;
  return {
    config: options.config,
    db: options.database.db,
    redis: options.redis,
    redisPrefix,
    loginKeys: loginKeyStore(options.database.db),
    loginAttempts: loginAttempts(options.redis, redisPrefix),
    registrationHooks: options.registrationHooks ?? {},
    registrationLimit: registrationLimit(
      options.redis,
      redisPrefix,
      options.config.registrationsPerIpPerHour,
    ),
    market: new MarketState(options.redis, redisPrefix),
    userSockets: redisUserSockets(options.redis, redisPrefix),
  };
}
