import { LOCALES } from '@bourse/shared';
import type { Localised } from './schema.ts';

/** The same text in each of the seven languages: a shop's or a spec's name as its seller typed it. */
export const inEveryLanguage = (text: string): Localised =>
  Object.fromEntries(LOCALES.map((locale) => [locale, text])) as Localised;

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
