import { DEFAULT_LOCALE, type Locale, matchLocale, parseAcceptLanguage } from '@bourse/shared';

/** The language to answer in: the client sends its current language as Accept-Language. */
export function localeOf(acceptLanguage: string | undefined): Locale {
  return matchLocale(parseAcceptLanguage(acceptLanguage)) ?? DEFAULT_LOCALE;
}
