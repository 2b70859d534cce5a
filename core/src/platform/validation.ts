import { DomainError, isErrorKey } from '@bourse/shared';
import type { z } from 'zod';

/**
 * Parses untrusted input with a shared contract. The shared schemas carry `errors` keys as
 * messages; the first issue becomes the DomainError (a message that is not a key, such as
 * zod's own English, becomes the generic `common.validation`).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue || !isErrorKey(issue.message)) throw new DomainError('common.validation');
  const field = issue.path.at(-1);
  throw new DomainError(issue.message, field === undefined ? {} : { field: String(field) });
}
