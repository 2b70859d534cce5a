import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Dec, isDecimalString, isUnsupportedNetwork, positiveMoneyString } from '@bourse/shared';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The embedded database's path for tests: PGlite keeps everything in memory. */
export const MEMORY_DATA_DIR = 'memory://';

export interface AppConfig {
  port: number;
  databaseUrl?: string;
  /** Where the embedded database lives; `memory://` keeps it in memory. */
  dataDir: string;
  /** REDIS_PREFIX, set by hand; unset, the prefix derives from the database (redisNamespace.ts). */
  redisPrefix?: string;
  /** KF_URL: an external customer-service page Me links to (GET /api/stock/getconfig); '' for the in-app chat. */
  kfUrl: string;
  /**
   * PUSH_SERVICE_HOSTS: the push services a device may subscribe at (a `*.` entry takes the
   * domain's subdomains). The server posts to a subscription's endpoint, so an endpoint elsewhere
   * (an address inside the network) is refused. Default: the browsers' own services.
   */
  pushServiceHosts: readonly string[];
  /** Demo deployments seed a demo account and will give new accounts a starting deposit. */
  demoMode: boolean;
  /** Demo mode: the paper cash each new account receives as a deposit journal entry, CNY. */
  startingDeposit: string;
  /** Demo mode: the paper storefront balance each account's wallet opens with, USD. */
  storeStartingBalance: string;
  /** How long a storefront order waits for payment before it expires and returns its stock, ms. */
  storeOrderTtlMs: number;
  /** Until sellers exist, a paid order's shop hands it to the carrier this long after payment, ms. */
  storeAutoShipMs: number;
  /** A delivered order's receipt is confirmed for the shopper this long after delivery, ms. */
  storeAutoReceiptMs: number;
  /** A received order completes when this after-sale window closes, ms. */
  storeAfterSaleWindowMs: number;
  /** The shop's window to answer a refund request; no answer by then approves it, ms. */
  storeRefundAnswerMs: number;
  /** A returned parcel the carrier delivered executes its refund this long after, unless confirmed first, ms. */
  storeReturnConfirmMs: number;
  /**
   * The blockchain networks a storefront top-up may come over, in the order offered, each with
   * the platform's deposit address on it (STORE_DEPOSIT_ADDRESSES).
   */
  storeDepositAddresses: { network: string; address: string }[];
  /** A storefront withdrawal's service charge: `rate` of the amount, at least `minimum` USD. */
  storeWithdrawalCharge: { rate: string; minimum: string };
  /** The platform's commission on a completed order's payout to its shop: a fraction of what is paid out. */
  storeCommissionRate: string;
  /** Real-name verification passes on submission instead of waiting for back office (demo mode by default). */
  realNameAutoApprove: boolean;
  /** The IPO calendar starts each allotment batch on T+1; false leaves every run to back office. */
  ipoAutoAllotment: boolean;
  clientDist: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Express "trust proxy": which hops may set X-Forwarded-For (login rate limits key on the client IP). */
  trustProxy: boolean | number | string;
  /** API requests a server process works on at once; the others wait in a queue of at most httpMaxWaiting. */
  httpConcurrency: number;
  httpMaxWaiting: number;
  /** Socket.IO /market: at most one update per symbol per socket in this window, ms. */
  marketConflationMs: number;
  /** How quote updates leave the gateway: one batch per socket or one packet per symbol room (docs/adr/0004). */
  marketFanout: 'batch' | 'rooms';
  /** Accounts one client IP may register per hour; the next is refused with 429. */
  registrationsPerIpPerHour: number;
  /** Socket.IO connections one client address may hold across the replicas; 0: no cap. */
  socketMaxPerIp: number;
  /** /user sockets one session may hold across the replicas; 0: no cap. */
  socketMaxPerSession: number;
  /** How many times faster than real life the simulated carrier moves parcels (demo: a day a minute). */
  logisticsTimeScale: number;
  /** Seed of the simulated carrier: the same seed and tracking number give the same journey. */
  carrierSeed: string;
  /** SMTP server for outgoing mail (smtp:// or smtps://, credentials in the URL); unset, mail goes to the outbox table. */
  smtpUrl?: string;
  /** The From of outgoing mail. */
  mailFrom: string;
  /** The payment password's pepper (docs/adr/0040); unset, one kept in the database is used. */
  payPasswordPepper: string | undefined;
}

/** Paper addresses of the demo platform: well-formed for their networks, owned by no one. */
const DEMO_DEPOSIT_ADDRESSES = [
  'TRC20=TXq8bDemoBourseDeposit9Zk3NpQ7wRt2vYh',
  'ERC20=0x7a3B9c1D5e0F2a4B6c8D0e1F3a5B7c9D1e3F5a70',
  'OMNI=1BourseDemoDepositAddr9xKq2Lm4Np6Rs8',
].join(',');

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  // No hash tag of its own: BullMQ's `{bull}` must stay the one that picks a queue's cluster slot.
  REDIS_PREFIX: z
    .string()
    .regex(/^[^\s{}]+$/, 'no spaces or braces')
    .optional(),
  KF_URL: z.union([z.literal(''), z.string().url()]).default(''),
  PUSH_SERVICE_HOSTS: z
    .string()
    .regex(/^(\*\.)?[a-z0-9.-]+(,(\*\.)?[a-z0-9.-]+)*$/i, 'host names separated by commas')
    .default(
      'fcm.googleapis.com,android.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com',
    ),
  DEMO_MODE: flag.optional(),
  STARTING_DEPOSIT: positiveMoneyString().default('1000000.00'),
  STORE_STARTING_BALANCE: positiveMoneyString().default('2000.00'),
  // Unset: 30 minutes, or 5 in demo mode, where the market's days are compressed too.
  STORE_ORDER_TTL_MS: z.coerce.number().int().min(1_000).max(86_400_000).optional(),
  // Unset: an hour, 7 days and 7 days; in demo mode 20 seconds, 2 minutes and 2 minutes.
  STORE_AUTO_SHIP_MS: z.coerce.number().int().min(0).optional(),
  STORE_AUTO_RECEIPT_MS: z.coerce.number().int().min(0).optional(),
  STORE_AFTER_SALE_WINDOW_MS: z.coerce.number().int().min(0).optional(),
  STORE_REFUND_ANSWER_MS: z.coerce.number().int().min(0).optional(),
  STORE_RETURN_CONFIRM_MS: z.coerce.number().int().min(0).optional(),
  // "NETWORK=address" pairs, comma-separated; DEX, BSC and HECO are refused (the spec).
  STORE_DEPOSIT_ADDRESSES: z
    .string()
    .default(DEMO_DEPOSIT_ADDRESSES)
    .transform((v, ctx) => {
      const pairs = v.split(',').map((pair) => {
        const [network = '', address = ''] = pair.split('=').map((part) => part.trim());
        return { network: network.toUpperCase(), address };
      });
      for (const { network, address } of pairs) {
        if (!/^[A-Z0-9-]{2,20}$/.test(network) || !/^\S{10,200}$/.test(address))
          ctx.addIssue({ code: 'custom', message: `"${network}=${address}": NETWORK=address expected` });
        else if (isUnsupportedNetwork(network))
          ctx.addIssue({ code: 'custom', message: `${network}: deposits through it are not supported` });
      }
      if (new Set(pairs.map((p) => p.network)).size !== pairs.length)
        ctx.addIssue({ code: 'custom', message: 'a network is listed twice' });
      return pairs;
    }),
  // The withdrawal service charge: a fraction of the amount (0 to 0.2) with a minimum in USD.
  STORE_WITHDRAWAL_CHARGE_RATE: z
    .string()
    .default('0.01')
    .refine((v) => isDecimalString(v) && new Dec(v).gte(0) && new Dec(v).lte('0.2'), 'a rate from 0 to 0.2'),
  STORE_WITHDRAWAL_CHARGE_MIN: z
    .string()
    .default('2.00')
    .refine(
      (v) => isDecimalString(v) && new Dec(v).gte(0) && new Dec(v).decimalPlaces() <= 2,
      'USD, 0 or more',
    ),
  // The platform's commission on a shop's payout: a fraction (0 to 0.5) of the order's escrowed amount.
  STORE_COMMISSION_RATE: z
    .string()
    .default('0.05')
    .refine((v) => isDecimalString(v) && new Dec(v).gte(0) && new Dec(v).lte('0.5'), 'a rate from 0 to 0.5'),
  REAL_NAME_AUTO_APPROVE: flag.optional(),
  IPO_AUTO_ALLOTMENT: flag.default(true),
  CLIENT_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // "true", a hop count, or addresses/subnets such as "loopback, uniquelocal"
  TRUST_PROXY: z
    .string()
    .min(1)
    .default('loopback')
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
  // API requests one server process works on at once, and how many may wait for a turn (concurrencyLimit.ts).
  HTTP_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(32),
  HTTP_MAX_WAITING: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
  MARKET_CONFLATION_MS: z.coerce.number().int().min(10).max(10_000).default(250),
  MARKET_FANOUT: z.enum(['batch', 'rooms']).default('batch'),
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  // A household or an office behind one NAT shares an address: room for many tabs and phones.
  SOCKET_MAX_PER_IP: z.coerce.number().int().min(0).default(50),
  SOCKET_MAX_PER_SESSION: z.coerce.number().int().min(0).default(10),
  LOGISTICS_TIME_SCALE: z.coerce.number().min(1).max(1_000_000).optional(),
  CARRIER_SEED: z.string().min(1).default('bourse-carrier'),
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Bourse <no-reply@bourse.example.com>'),
  PAY_PASSWORD_PEPPER: z.string().min(32, 'at least 32 characters').optional(),
});

const DAY_MS = 86_400_000;

/** Demo mode: a parcel's days-long journey passes in minutes, a day of it in a minute. */
const DEMO_LOGISTICS_TIME_SCALE = 1440;

function absolute(path: string): string {
  return path === MEMORY_DATA_DIR || isAbsolute(path) ? path : resolve(process.cwd(), path);
}

/** `FOO=` in a shell or an env file means "not set", as it does for most tools. */
function withoutEmpty(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const demoMode = e.DEMO_MODE ?? e.DATABASE_URL === undefined;
  return {
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: absolute(e.DATA_DIR ?? resolve(repoRoot, 'data')),
    redisPrefix: e.REDIS_PREFIX,
    kfUrl: e.KF_URL,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS.toLowerCase().split(','),
    demoMode,
    startingDeposit: e.STARTING_DEPOSIT,
    storeStartingBalance: e.STORE_STARTING_BALANCE,
    storeOrderTtlMs: e.STORE_ORDER_TTL_MS ?? (demoMode ? 5 : 30) * 60_000,
    storeAutoShipMs: e.STORE_AUTO_SHIP_MS ?? (demoMode ? 20_000 : 3_600_000),
    storeAutoReceiptMs: e.STORE_AUTO_RECEIPT_MS ?? (demoMode ? 120_000 : 7 * DAY_MS),
    storeAfterSaleWindowMs: e.STORE_AFTER_SALE_WINDOW_MS ?? (demoMode ? 120_000 : 7 * DAY_MS),
    storeRefundAnswerMs: e.STORE_REFUND_ANSWER_MS ?? (demoMode ? 120_000 : 2 * DAY_MS),
    storeReturnConfirmMs: e.STORE_RETURN_CONFIRM_MS ?? (demoMode ? 60_000 : 3 * DAY_MS),
    storeDepositAddresses: e.STORE_DEPOSIT_ADDRESSES,
    storeWithdrawalCharge: { rate: e.STORE_WITHDRAWAL_CHARGE_RATE, minimum: e.STORE_WITHDRAWAL_CHARGE_MIN },
    storeCommissionRate: e.STORE_COMMISSION_RATE,
    realNameAutoApprove: e.REAL_NAME_AUTO_APPROVE ?? demoMode,
    ipoAutoAllotment: e.IPO_AUTO_ALLOTMENT,
    clientDist: absolute(e.CLIENT_DIST ?? resolve(repoRoot, 'client/dist')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    httpConcurrency: e.HTTP_CONCURRENCY,
    httpMaxWaiting: e.HTTP_MAX_WAITING,
    marketConflationMs: e.MARKET_CONFLATION_MS,
    marketFanout: e.MARKET_FANOUT,
    registrationsPerIpPerHour: e.REGISTRATIONS_PER_IP_PER_HOUR,
    socketMaxPerIp: e.SOCKET_MAX_PER_IP,
    socketMaxPerSession: e.SOCKET_MAX_PER_SESSION,
    logisticsTimeScale: e.LOGISTICS_TIME_SCALE ?? (demoMode ? DEMO_LOGISTICS_TIME_SCALE : 1),
    carrierSeed: e.CARRIER_SEED,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    payPasswordPepper: e.PAY_PASSWORD_PEPPER,
  };
}
