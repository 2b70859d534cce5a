import type { Localised } from './schema.ts';

/**
 * What search matches against: every language's text, NFKC-normalised (full-width letters
 * become ASCII) and lower-cased, so one query finds a name in any of the seven languages.
 */
export function normaliseSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function searchTextOf(name: Localised): string {
  return normaliseSearch([...new Set(Object.values(name))].join(' | '));
}
