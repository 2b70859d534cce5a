import { z } from 'zod';
import { DEFAULT_BANK_OPTIONS, type SimulatedBankOptions } from './simulatedBank.ts';

const rate = z.coerce.number().min(0).max(1);
/** "min-max" in ms, e.g. "50-400". */
const range = z
  .string()
  .regex(/^\d+-\d+$/)
  .transform((v) => v.split('-').map(Number) as [number, number])
  .refine(([lo, hi]) => lo <= hi, 'min above max');

const envSchema = z.object({
  BANK_SIM_SEED: z.string().min(1).optional(),
  BANK_SIM_DECLINE_RATE: rate.optional(),
  BANK_SIM_TIMEOUT_RATE: rate.optional(),
  BANK_SIM_DUPLICATE_CALLBACK_RATE: rate.optional(),
  BANK_SIM_LOST_CALLBACK_RATE: rate.optional(),
  BANK_SIM_LATENCY_MS: range.optional(),
  BANK_SIM_PROCESSING_MS: range.optional(),
  BANK_SIM_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).optional(),
});

/** The simulated bank's settings: BANK_SIM_* variables over DEFAULT_BANK_OPTIONS. */
export function simulatedBankOptionsFromEnv(env: NodeJS.ProcessEnv): SimulatedBankOptions {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid bank simulator environment: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const d = DEFAULT_BANK_OPTIONS;
  return {
    seed: e.BANK_SIM_SEED ?? d.seed,
    declineRate: e.BANK_SIM_DECLINE_RATE ?? d.declineRate,
    timeoutRate: e.BANK_SIM_TIMEOUT_RATE ?? d.timeoutRate,
    duplicateCallbackRate: e.BANK_SIM_DUPLICATE_CALLBACK_RATE ?? d.duplicateCallbackRate,
    lostCallbackRate: e.BANK_SIM_LOST_CALLBACK_RATE ?? d.lostCallbackRate,
    latencyMs: e.BANK_SIM_LATENCY_MS ?? d.latencyMs,
    processingMs: e.BANK_SIM_PROCESSING_MS ?? d.processingMs,
    timeoutMs: e.BANK_SIM_TIMEOUT_MS ?? d.timeoutMs,
  };
}
