import { z } from 'zod';
import { defineRoute } from '../api/route.ts';

/**
 * The fund record (the spec's "fund record"): every movement of the user's storefront money,
 * read from the ledger's entries on their USD accounts (available and frozen), newest first.
 */
export const FUND_RECORD_KINDS = [
  'topUp',
  'payment',
  'refund',
  'withdrawal',
  'serviceCharge',
  'payout',
  'adjustment',
] as const;
export type FundRecordKind = (typeof FUND_RECORD_KINDS)[number];

export const fundRecordSchema = z.object({
  id: z.uuid(),
  kind: z.enum(FUND_RECORD_KINDS),
  /** Change of the available balance, USD, signed. */
  amount: z.string(),
  /** Change of the frozen amount, USD, signed ("0.00" for most movements). */
  frozen: z.string(),
  /** The available balance after the movement. */
  balance: z.string(),
  /**
   * A payout's part kept back against refunds the platform advanced for the shop (ADR 0037), USD:
   * why the payout is smaller than the sale. Null for any other movement, and for a payout that
   * kept nothing back.
   */
  recovered: z.string().nullable(),
  createdAt: z.string(),
});
export type FundRecord = z.infer<typeof fundRecordSchema>;

export const fundRecordPageSchema = z.object({
  items: z.array(fundRecordSchema),
  /** Pass back as `cursor` for the next page; null when the list is finished. */
  nextCursor: z.string().nullable(),
});

export const fundRecordRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/store/fundRecords',
    summary:
      "The storefront balance's movements, newest first, optionally of one kind; pass nextCursor as cursor for more",
    auth: 'user',
    query: z.object({
      kind: z.enum(FUND_RECORD_KINDS, { message: 'common.validation' }).optional(),
      cursor: z
        .string()
        .regex(/^\d{1,18}$/, { message: 'common.validation' })
        .optional(),
      limit: z.coerce.number({ message: 'common.validation' }).int().min(1).max(100).default(20),
    }),
    response: fundRecordPageSchema,
  }),
} as const;
