import { loginAttempts } from '@bourse/core/accounts/loginAttempts.ts';
import { type PasswordResetDeps, resetLimits } from '@bourse/core/accounts/passwordReset/passwordReset.ts';
import { type RegistrationHooks, registrationLimit } from '@bourse/core/accounts/registration.ts';
import { type LoginKeys, loginKeyStore } from '@bourse/core/accounts/serverKeys.ts';
import { SessionCache } from '@bourse/core/accounts/sessionCache.ts';
import { startingDeposit } from '@bourse/core/ledger/startingDeposit.ts';
import { mailerOf } from '@bourse/core/mail/mailer.ts';
import { MarketState } from '@bourse/core/market/marketState.ts';
import type { AttemptLimit } from '@bourse/core/platform/attemptLimit.ts';
import type { AppConfig } from '@bourse/core/platform/config.ts';
import type { PlatformContext } from '@bourse/core/platform/context.ts';
import type { Database } from '@bourse/core/platform/database.ts';
import { type VapidKeys, vapidKeyStore } from '@bourse/core/push';
import { type CoreServices, createCoreServices } from '@bourse/core/services.ts';
import { orderFulfilmentQueue } from '@bourse/core/store/autoFulfilment.ts';
import type { CheckoutDeps } from '@bourse/core/store/checkout.ts';
import { orderExpiryQueue } from '@bourse/core/store/expiryQueue.ts';
import { StockGate } from '@bourse/core/store/stockGate.ts';
import { redisUserSockets, type UserSockets } from '@bourse/core/user-channel/endSockets.ts';
import type { Redis } from 'ioredis';
import { ConcurrencyLimit } from '../http/concurrencyLimit.ts';

export interface AppOptions {
  config: AppConfig;
  database: Database;
  redis: Redis;
  /** Prefix of every Redis key and channel this app uses (resolveRedisPrefix); tests use a unique one per file. */
  redisPrefix: string;
  /** Tests replace a hook; the rest are the product's. */
  registrationHooks?: Partial<RegistrationHooks>;
}

/** The services handlers call, each built once by createAppContext. */
export interface AppServices extends CoreServices {
  checkout: CheckoutDeps;
  passwordReset: PasswordResetDeps;
}

/** What handlers depend on; one per app instance, nothing in it that another replica needs. */
export interface AppContext extends PlatformContext {
  loginKeys: () => Promise<LoginKeys>;
  /** The Web Push VAPID key pair, made on first start like the login key. */
  vapidKeys: () => Promise<VapidKeys>;
  /** Login and change-password's attempt budgets (docs/adr/0011-attempt-limits.md). */
  loginAttempts: AttemptLimit;
  registrationHooks: RegistrationHooks;
  /** Registrations per client IP per hour (config.registrationsPerIpPerHour). */
  registrationLimit: AttemptLimit;
  /** This process's view of the market, fed from Redis; startServer starts it. */
  market: MarketState;
  /** Closes the /user sockets of ended sessions on every replica. */
  userSockets: UserSockets;
  /** Sessions in Redis, read by every route before PostgreSQL (sessionCache.ts). */
  sessionCache: SessionCache;
  /** The API requests this process works on at once (concurrencyLimit.ts). */
  requestLimit: ConcurrencyLimit;
  services: AppServices;
}

/**
 * The server's composition root: every service a handler, a gateway or the queue dashboard
 * uses is made here, once per app, and reached through the context. startServer, createApp and
 * the tests all build their app through it.
 */
export function createAppContext(options: AppOptions): AppContext {
  const { config, redis, redisPrefix } = options;
  const { db } = options.database;
  const platform: PlatformContext = { config, db, redis, redisPrefix };
  const core = createCoreServices(platform);
  const userSockets = redisUserSockets(redis, redisPrefix);
  const sessionCache = new SessionCache(redis, redisPrefix);
  return {
    requestLimit: new ConcurrencyLimit(config.httpConcurrency, config.httpMaxWaiting),
    ...platform,
    loginKeys: loginKeyStore(db),
    vapidKeys: vapidKeyStore(db),
    loginAttempts: loginAttempts(redis, redisPrefix),
    registrationHooks: {
      startingDeposit: startingDeposit(platform, core.trading.market),
      ...options.registrationHooks,
    },
    registrationLimit: registrationLimit(redis, redisPrefix, config.registrationsPerIpPerHour),
    market: new MarketState(redis, redisPrefix),
    userSockets,
    sessionCache,
    services: {
      ...core,
      checkout: {
        db,
        paymentDb: options.database.paymentDb,
        stockGate: new StockGate(redis, redisPrefix),
        payPassword: platform,
        expiryQueue: orderExpiryQueue(redis, redisPrefix),
        orderTtlMs: config.storeOrderTtlMs,
        fulfilmentQueue: orderFulfilmentQueue(redis, redisPrefix),
        autoShipMs: config.storeAutoShipMs,
      },
      passwordReset: {
        db,
        mailer: mailerOf(config, db),
        ...resetLimits(redis, redisPrefix),
        userSockets,
        sessionCache,
      },
    },
  };
}
