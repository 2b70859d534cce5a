import { createHash } from 'node:crypto';
import { DomainError, idempotencyKeySchema } from '@bourse/shared';
import { parseInput } from './validation.ts';

/**
 * Money-moving POSTs take an Idempotency-Key (DESIGN.md): the row a request makes stores the key
 * (unique per user) and a hash of the request, so the same key and body answer the first result
 * and the same key with another body is a 409.
 */

/** The request's Idempotency-Key header: 400 common.idempotencyKeyInvalid when missing or malformed. */
export function idempotencyKeyOf(header: (name: string) => string | undefined): string {
  return parseInput(idempotencyKeySchema, header('idempotency-key') ?? '');
}

/** SHA-256 of the request's meaningful fields in a fixed order: what "the same body" means. */
export function requestHash(fields: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** The row the key already made, if any, when it was made by this same request; another request is a 409. */
export function sameRequest<R extends { requestHash: string }>(
  row: R | undefined,
  hash: string,
): R | undefined {
  if (row && row.requestHash !== hash) throw new DomainError('common.idempotencyConflict');
  return row;
}
