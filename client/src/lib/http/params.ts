/**
 * Serialises GET parameters as the spec says: null, undefined and '' are skipped; nested
 * objects become bracketed keys (`a[b]=1`) and arrays indexed ones (`a[0]=x`), which the
 * server's query parser reads back as the same structure.
 */
export function serializeParams(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  const visit = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    if (value instanceof Date) {
      pairs.push(`${key}=${encodeURIComponent(value.toISOString())}`);
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) visit(`${key}[${index}]`, item);
    } else if (typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) visit(`${key}[${encodeURIComponent(name)}]`, item);
    } else {
      pairs.push(`${key}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [name, value] of Object.entries(params)) visit(encodeURIComponent(name), value);
  return pairs.join('&');
}

/** `path` with the serialised parameters appended. */
export function withParams(path: string, params: Record<string, unknown> | undefined): string {
  const query = serializeParams(params);
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
