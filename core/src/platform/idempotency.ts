import { createHash } from 'node:crypto';
import { DomainError } from '@bourse/shared';

/**
 * The idempotency rule of money-moving actions (DESIGN.md): the row an action makes stores the
 * key (unique per user) and a hash of the request, so the same key and body answer the first
 * result and the same key with another body is common.idempotencyConflict. Reading the key off a
 * request is the HTTP edge's part (server/src/http/idempotencyKey.ts).
 */

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
