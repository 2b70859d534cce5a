import { parseInput } from '@bourse/core/platform/validation.ts';
import { idempotencyKeySchema } from '@bourse/shared';

/**
 * Money-moving POSTs take an Idempotency-Key header (DESIGN.md); the domain keeps the rule
 * (@bourse/core/platform/idempotency.ts). 400 common.idempotencyKeyInvalid when missing or malformed.
 */
export function idempotencyKeyOf(header: (name: string) => string | undefined): string {
  return parseInput(idempotencyKeySchema, header('idempotency-key') ?? '');
}
