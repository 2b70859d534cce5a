import { parseInput } from '@bourse/core/platform/validation.ts';
import { idempotencyKeySchema } from '@bourse/shared';

/**
 * Money-moving POSTs take an Idempotency-Key header (DESIGN.md), read by mountRoute for every
 * contract marked `idempotent`; the domain keeps the rule (@bourse/core/platform/idempotency.ts).
 * 400 common.idempotencyKeyInvalid when missing or malformed.
 */
export function idempotencyKeyOf(header: string | undefined): string {
  return parseInput(idempotencyKeySchema, header ?? '');
}
