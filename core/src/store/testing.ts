/** Test helpers of the storefront: names in every language and an address that passes validation. */
import { LOCALES } from '@bourse/shared';
import type { Localised } from './schema.ts';

/** The same text in each of the seven languages, for shops and products made by tests. */
export const inEveryLanguage = (text: string): Localised =>
  Object.fromEntries(LOCALES.map((locale) => [locale, text])) as Localised;

/** A delivery address every check accepts. */
export const SAMPLE_ADDRESS = {
  addressee: 'Ada Lovelace',
  mobile: '+44 20 7946 0958',
  country: 'GB',
  region: 'England',
  detail: '12 St James Square, London',
  tag: 'home',
};
