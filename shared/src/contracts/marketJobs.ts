import { z } from 'zod';

/** BullMQ queues of the market's end-of-day work; names carry no ':' (BullMQ's key separator). */
export const MARKET_QUEUES = {
  /** Builds a trading day's dragon-tiger list from its stored day bars. */
  dragonTiger: 'market-dragon-tiger',
} as const;

export const dragonTigerJobSchema = z.object({
  tradingDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** The feed's seed: the simulated seats and their amounts derive from it and the date. */
  seed: z.string().min(1),
});
export type DragonTigerJob = z.infer<typeof dragonTigerJobSchema>;

/** One job per trading day: adding it again while it exists is a no-op. */
export function dragonTigerJobId(tradingDate: string): string {
  return `dragon-tiger-${tradingDate}`;
}
