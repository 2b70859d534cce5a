import type { Database } from '../platform/database.ts';
import { storePromoCodes } from './orderSchema.ts';

/** The demo's promo codes: one of each kind, a minimum spend and a per-user limit each. */
export const DEMO_PROMO_CODES = [
  { code: 'WELCOME10', kind: 'percent', value: '10', minSpend: '50.00', perUserLimit: 1 },
  { code: 'SAVE5', kind: 'amount', value: '5.00', minSpend: '30.00', perUserLimit: 3 },
] as const;

/** Adds the demo promo codes that are missing (valid 2026–2030); existing ones, edited or not, stay. */
export async function seedPromoCodes(database: Database): Promise<void> {
  await database.db
    .insert(storePromoCodes)
    .values(
      DEMO_PROMO_CODES.map((p) => ({
        ...p,
        startsAt: new Date('2026-01-01T00:00:00Z'),
        endsAt: new Date('2031-01-01T00:00:00Z'),
      })),
    )
    .onConflictDoNothing();
}
