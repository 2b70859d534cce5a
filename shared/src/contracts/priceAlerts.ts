import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { watchSymbolSchema } from './watchlist.ts';

/**
 * Price alerts (issue 16 §1): a user's line on one stock, watched on the live feed by the alert
 * evaluator (workers/src/alerts/). `above`/`below` compare the last price with `level`;
 * `riseBy`/`fallBy` compare the day's change (the quote's `pct`) with `percent`; `limitUp` and
 * `limitDown` fire when the price reaches that day's limit.
 */
export const PRICE_ALERT_KINDS = ['above', 'below', 'riseBy', 'fallBy', 'limitUp', 'limitDown'] as const;
export type PriceAlertKind = (typeof PRICE_ALERT_KINDS)[number];

/** Kinds whose threshold is a price (`level`), and kinds whose threshold is a daily change (`percent`). */
export const LEVEL_KINDS: ReadonlySet<PriceAlertKind> = new Set(['above', 'below']);
export const PERCENT_KINDS: ReadonlySet<PriceAlertKind> = new Set(['riseBy', 'fallBy']);

/** Enabled alerts a user may have at once. */
export const MAX_ACTIVE_ALERTS = 50;
/** A daily change beyond the widest band (BSE, ±30%) can never happen. */
export const MAX_ALERT_PERCENT = 30;
/** A repeating alert's quiet time after it fires, in minutes of market time (ADR 0017). */
export const ALERT_COOLDOWN_MINUTES = { min: 1, max: 1440, default: 30 } as const;

/** A price on the fund tick grid at most (three decimals), above zero. */
export const alertLevelSchema = z
  .string({ message: 'priceAlert.badLevel' })
  .regex(/^\d{1,6}(\.\d{1,3})?$/, { message: 'priceAlert.badLevel' })
  .refine((level) => /[1-9]/.test(level), { message: 'priceAlert.badLevel' });

/** Percent with at most two decimals, above zero and at most MAX_ALERT_PERCENT. */
export const alertPercentSchema = z
  .string({ message: 'priceAlert.badPercent' })
  .regex(/^\d{1,2}(\.\d{1,2})?$/, { message: 'priceAlert.badPercent' })
  // Two decimals at most: the comparison with the bound is exact in a float.
  .refine((p) => /[1-9]/.test(p) && Number(p) <= MAX_ALERT_PERCENT, { message: 'priceAlert.badPercent' });

const cooldownSchema = z
  .number({ message: 'priceAlert.badCooldown' })
  .int({ message: 'priceAlert.badCooldown' })
  .min(ALERT_COOLDOWN_MINUTES.min, { message: 'priceAlert.badCooldown' })
  .max(ALERT_COOLDOWN_MINUTES.max, { message: 'priceAlert.badCooldown' });

/** What fires an alert and how often; each field present exactly when its kind or `repeat` needs it. */
const settingsShape = {
  kind: z.enum(PRICE_ALERT_KINDS, { message: 'priceAlert.badKind' }),
  level: alertLevelSchema.optional(),
  percent: alertPercentSchema.optional(),
  /** false: one-shot, disabled once it fires; true: fires again after `cooldownMinutes`. */
  repeat: z.boolean({ message: 'priceAlert.badRepeat' }),
  cooldownMinutes: cooldownSchema.optional(),
};

type Settings = z.infer<z.ZodObject<typeof settingsShape>>;

function settingsFit(s: Settings, ctx: z.RefinementCtx): void {
  const misfit = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (LEVEL_KINDS.has(s.kind) !== (s.level !== undefined)) misfit('level', 'priceAlert.levelMisfit');
  if (PERCENT_KINDS.has(s.kind) !== (s.percent !== undefined)) misfit('percent', 'priceAlert.percentMisfit');
  if (s.repeat !== (s.cooldownMinutes !== undefined)) misfit('cooldownMinutes', 'priceAlert.cooldownMisfit');
}

export const createAlertSchema = z
  .object({ symbol: watchSymbolSchema, ...settingsShape })
  .superRefine(settingsFit);
export type CreateAlert = z.infer<typeof createAlertSchema>;

/** The whole alert as it should be: its stock stays; `enabled` false disables it, true re-arms it. */
export const updateAlertSchema = z
  .object({ enabled: z.boolean({ message: 'priceAlert.badEnabled' }), ...settingsShape })
  .superRefine(settingsFit);
export type UpdateAlert = z.infer<typeof updateAlertSchema>;
export type AlertSettings = Omit<UpdateAlert, 'enabled'>;

export const priceAlertSchema = z.object({
  id: z.uuid(),
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(PRICE_ALERT_KINDS),
  level: z.string().nullable(),
  percent: z.string().nullable(),
  repeat: z.boolean(),
  cooldownMinutes: z.number().int().nullable(),
  enabled: z.boolean(),
  /** Market time (ISO) and price of the last firing. */
  lastFiredAt: z.string().nullable(),
  lastFiredPrice: z.string().nullable(),
  createdAt: z.string(),
});
export type PriceAlertView = z.infer<typeof priceAlertSchema>;

export const priceAlertListSchema = z.object({ alerts: z.array(priceAlertSchema), max: z.number().int() });
export type PriceAlertList = z.infer<typeof priceAlertListSchema>;

/** The /user `priceAlert` event: one firing, for the in-app banner. */
export const priceAlertFiredSchema = z.object({
  alertId: z.uuid(),
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(PRICE_ALERT_KINDS),
  level: z.string().nullable(),
  percent: z.string().nullable(),
  /** The quote that fired it: its price and daily change. */
  price: z.string(),
  pct: z.string(),
  /** Market time of the quote (ISO). */
  marketAt: z.string(),
  /** The quote's publish time (ms since the epoch): what the delivery latency is measured from. */
  ts: z.number(),
  /** Whether the alert stays enabled after this firing. */
  repeat: z.boolean(),
});
export type PriceAlertFired = z.infer<typeof priceAlertFiredSchema>;

export const priceAlertRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/user/alerts',
    summary: "The user's price alerts, newest first",
    auth: 'user',
    response: priceAlertListSchema,
  }),
  create: defineRoute({
    method: 'post',
    path: '/user/alerts',
    summary: `Set a price alert on a listed stock (at most ${MAX_ACTIVE_ALERTS} enabled at once)`,
    auth: 'user',
    body: createAlertSchema,
    response: priceAlertSchema,
  }),
  update: defineRoute({
    method: 'put',
    path: '/user/alerts/:id',
    summary: 'Change, enable (re-arm) or disable one of my alerts',
    auth: 'user',
    body: updateAlertSchema,
    response: priceAlertSchema,
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/user/alerts/:id',
    summary: 'Delete one of my alerts',
    auth: 'user',
    response: priceAlertListSchema,
  }),
} as const;
