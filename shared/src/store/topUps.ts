import { z } from 'zod';
import { defineRoute } from '../api/route.ts';
import { pageQuery, pageResponse } from '../contracts/paging.ts';
import { Dec, isDecimalString } from '../money.ts';

/**
 * Top-ups of the storefront balance (issue 14 §2, the spec's Recharge): by blockchain (a
 * network, the platform's deposit address on it, the transaction hash) or manual, each with an
 * image of the payment as evidence, each waiting for back office, which passes it with the
 * amount that actually arrived or refuses it with a reason.
 */

export const TOP_UP_METHODS = ['blockchain', 'manual'] as const;
export type TopUpMethod = (typeof TOP_UP_METHODS)[number];
/** The spec's audit states, with its words. */
export const TOP_UP_STATES = ['auditing', 'passed', 'refuse'] as const;
export type TopUpState = (typeof TOP_UP_STATES)[number];
/** Networks the spec names as not supported: a deposit must come over the network the withdrawing platform uses. */
export const UNSUPPORTED_NETWORKS = ['DEX', 'BSC', 'HECO'] as const;
/** Why back office refused a top-up; the client words each one. */
export const TOP_UP_REFUSAL_REASONS = [
  'notReceived',
  'amountMismatch',
  'evidenceUnclear',
  'wrongNetwork',
  'other',
] as const;
export type TopUpRefusalReason = (typeof TOP_UP_REFUSAL_REASONS)[number];

export const MAX_TOP_UP = '1000000.00';
export const MAX_TOP_UP_NOTE = 200;
export const EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
export const EVIDENCE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** A transaction hash as chains print them: hex (0x-prefixed or not) or base58, no spaces. */
export const TX_HASH_PATTERN = /^(0x)?[A-Za-z0-9]{16,128}$/;

/** A USD amount a top-up may claim or credit: more than 0, at most two decimals, at most MAX_TOP_UP. */
export function isTopUpAmount(value: string): boolean {
  if (!isDecimalString(value)) return false;
  const amount = new Dec(value);
  return amount.gt(0) && amount.decimalPlaces() <= 2 && amount.lte(MAX_TOP_UP);
}

export const isUnsupportedNetwork = (network: string) =>
  (UNSUPPORTED_NETWORKS as readonly string[]).includes(network.toUpperCase());

/** A request as the domain takes it, after topUpBody has checked its fields for its method. */
export type TopUpRequest =
  | { method: 'blockchain'; network: string; address: string; amount: string; txHash: string }
  | { method: 'manual'; amount: string };

const text = (max: number) => z.string().trim().max(max).optional();

/**
 * The text fields of the multipart form (the evidence image comes beside them, field
 * "evidence"). Every field's problem is reported, in the order the form shows them (network,
 * address, amount, hash), so the server's one message is the first field to fix.
 */
export const topUpBody = z
  .object({
    method: z.enum(TOP_UP_METHODS, { message: 'topUp.method' }),
    network: text(40),
    address: text(200),
    amount: z.string().trim().optional(),
    txHash: text(200),
  })
  .superRefine((b, ctx) => {
    const fail = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    const chain = b.method === 'blockchain';
    if (chain && !b.network) fail('network', 'topUp.networkRequired');
    else if (chain && b.network && isUnsupportedNetwork(b.network))
      fail('network', 'topUp.networkUnsupported');
    if (chain && !b.address) fail('address', 'topUp.addressRequired');
    if (!b.amount || !isTopUpAmount(b.amount)) fail('amount', 'topUp.badAmount');
    if (chain && !b.txHash) fail('txHash', 'topUp.hashRequired');
    else if (chain && b.txHash && !TX_HASH_PATTERN.test(b.txHash)) fail('txHash', 'topUp.badHash');
  })
  .transform(
    (b): TopUpRequest =>
      b.method === 'manual'
        ? { method: 'manual', amount: new Dec(b.amount ?? '0').toFixed(2) }
        : {
            method: 'blockchain',
            network: b.network ?? '',
            address: b.address ?? '',
            amount: new Dec(b.amount ?? '0').toFixed(2),
            txHash: b.txHash ?? '',
          },
  );

export const topUpSchema = z.object({
  id: z.uuid(),
  method: z.enum(TOP_UP_METHODS),
  network: z.string().nullable(),
  /** The platform's deposit address the user paid to. */
  address: z.string().nullable(),
  /** What the user says they paid, USD. */
  amount: z.string(),
  /** What back office found arrived and credited; null until passed. */
  arrivalAmount: z.string().nullable(),
  txHash: z.string().nullable(),
  state: z.enum(TOP_UP_STATES),
  reason: z.enum(TOP_UP_REFUSAL_REASONS).nullable(),
  /** Back office's words on passing or refusing, if any. */
  note: z.string().nullable(),
  createdAt: z.string(),
  auditedAt: z.string().nullable(),
});
export type TopUpView = z.infer<typeof topUpSchema>;

/** As back office sees it: whose, where its evidence is, and who audited it. */
export const adminTopUpSchema = topUpSchema.extend({
  account: z.string(),
  evidenceUrl: z.string(),
  auditedBy: z.string().nullable(),
});
export type AdminTopUpView = z.infer<typeof adminTopUpSchema>;

export const depositNetworksSchema = z.object({
  /** The supported networks, each with the platform's deposit address on it. */
  networks: z.array(z.object({ network: z.string(), address: z.string() })),
  unsupported: z.array(z.string()),
});
export type DepositNetworks = z.infer<typeof depositNetworksSchema>;

const topUpId = z.string({ message: 'topUp.notFound' }).uuid({ message: 'topUp.notFound' });
const note = z.string().trim().max(MAX_TOP_UP_NOTE, { message: 'topUp.noteTooLong' }).optional();

export const passTopUpBody = z.object({
  id: topUpId,
  arrivalAmount: z
    .string({ message: 'topUp.badArrival' })
    .trim()
    .refine(isTopUpAmount, { message: 'topUp.badArrival' }),
  note,
});
export const refuseTopUpBody = z.object({
  id: topUpId,
  reason: z.enum(TOP_UP_REFUSAL_REASONS, { message: 'topUp.reasonRequired' }),
  note,
});

export const topUpRoutes = {
  networks: defineRoute({
    method: 'get',
    path: '/store/topups/networks',
    summary:
      'The blockchain networks a top-up may come over, with the deposit address of each, and those refused',
    auth: 'user',
    response: depositNetworksSchema,
  }),
  create: defineRoute({
    method: 'post',
    path: '/store/topups',
    summary:
      'Ask for a top-up of the storefront balance: multipart with method, amount (and for blockchain network, address and transaction hash) and an evidence image (field "evidence", PNG, JPEG or WebP, at most 5 MB, stored without its metadata); it waits for back office',
    auth: 'user',
    body: topUpBody,
    upload: { field: 'evidence', maxBytes: EVIDENCE_MAX_BYTES, mimeTypes: EVIDENCE_TYPES },
    idempotent: true,
    response: topUpSchema,
  }),
  mine: defineRoute({
    method: 'get',
    path: '/store/topups',
    summary: "The user's top-ups, newest first",
    auth: 'user',
    query: z.object(pageQuery),
    response: pageResponse(topUpSchema),
  }),
  adminList: defineRoute({
    method: 'get',
    path: '/admin/topups',
    summary: 'Top-ups in one state (auditing by default), oldest first while auditing, newest first after',
    auth: 'admin',
    query: z.object({
      state: z.enum(TOP_UP_STATES, { message: 'common.validation' }).default('auditing'),
      ...pageQuery,
    }),
    response: pageResponse(adminTopUpSchema),
  }),
  adminPass: defineRoute({
    method: 'post',
    path: '/admin/topups/pass',
    summary:
      'Pass an auditing top-up, crediting the amount that actually arrived (which may differ from the claimed one); once only',
    auth: 'admin',
    body: passTopUpBody,
    response: adminTopUpSchema,
  }),
  adminRefuse: defineRoute({
    method: 'post',
    path: '/admin/topups/refuse',
    summary: 'Refuse an auditing top-up with a reason; once only',
    auth: 'admin',
    body: refuseTopUpBody,
    response: adminTopUpSchema,
  }),
} as const;
