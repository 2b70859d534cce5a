/** One GET parameter as the server's contracts read it: flat, no nesting. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * Serialises GET parameters with URLSearchParams, flat (`a=1&b=x`), which is what Express 5's
 * default query parser reads back; null, undefined and '' are skipped.
 */
export function serializeParams(params: Record<string, QueryValue> | undefined): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined && value !== '') query.append(name, String(value));
  }
  return query.toString();
}

/** `path` with the serialised parameters appended. */
export function withParams(path: string, params: Record<string, QueryValue> | undefined): string {
  const query = serializeParams(params);
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
