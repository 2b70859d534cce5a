import type { z } from 'zod';
import { errorText } from '../i18n/index.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The first translated message per field of a failed parse with a shared schema (its issue
 * messages are keys of the `errors` catalogue). `labels` name fields the catalogue does not.
 */
export function fieldErrors<F extends string>(
  result: z.ZodSafeParseResult<unknown>,
  labels: Partial<Record<F, string>> = {},
): FieldErrors<F> {
  if (result.success) return {};
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form') as F;
    errors[field] ??= errorText(issue.message, { field }, labels[field]);
  }
  return errors;
}

export function hasErrors(errors: Partial<Record<string, string>>): boolean {
  return Object.values(errors).some(Boolean);
}
