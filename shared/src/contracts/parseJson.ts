import type { z } from 'zod';

/**
 * JSON text from outside (a Redis key or channel) checked against its schema: the value, or
 * undefined when absent, not JSON or not what the contract says. Callers decide how to report it.
 */
export function parseJson<S extends z.ZodType>(
  schema: S,
  text: string | null | undefined,
): z.output<S> | undefined {
  if (text == null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
