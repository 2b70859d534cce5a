import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, type Locale } from '@bourse/shared';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LangSetting } from './detect.ts';
import { loadFontsFor } from './fonts.ts';

type Catalogue = Record<string, unknown>;

// Catalogues are fetched per language and namespace so the first screen carries only its own.
const translation = import.meta.glob<Catalogue>('./locales/*.json', { import: 'default' });
const info = import.meta.glob<Catalogue>('./locales/*/info.json', { import: 'default' });
const ipo = import.meta.glob<Catalogue>('./locales/*/ipo.json', { import: 'default' });
const admin = import.meta.glob<Catalogue>('./locales/*/admin.json', { import: 'default' });
const store = import.meta.glob<Catalogue>('./locales/*/store.json', { import: 'default' });
const errors: Record<Locale, () => Promise<Catalogue>> = {
  en: () => import('@bourse/shared/i18n/errors/en.json').then((m) => m.default),
  'zh-CN': () => import('@bourse/shared/i18n/errors/zh-CN.json').then((m) => m.default),
  ja: () => import('@bourse/shared/i18n/errors/ja.json').then((m) => m.default),
  ko: () => import('@bourse/shared/i18n/errors/ko.json').then((m) => m.default),
  th: () => import('@bourse/shared/i18n/errors/th.json').then((m) => m.default),
  fr: () => import('@bourse/shared/i18n/errors/fr.json').then((m) => m.default),
  it: () => import('@bourse/shared/i18n/errors/it.json').then((m) => m.default),
};

export const NAMESPACES = ['translation', 'errors', 'info', 'ipo', 'admin', 'store'] as const;
export type Namespace = (typeof NAMESPACES)[number];

function loaderFor(locale: string, ns: string): (() => Promise<Catalogue>) | undefined {
  if (ns === 'errors') return errors[locale as Locale];
  if (ns === 'info') return info[`./locales/${locale}/info.json`];
  if (ns === 'ipo') return ipo[`./locales/${locale}/ipo.json`];
  if (ns === 'admin') return admin[`./locales/${locale}/admin.json`];
  if (ns === 'store') return store[`./locales/${locale}/store.json`];
  if (ns === 'translation') return translation[`./locales/${locale}.json`];
  return undefined;
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaderFor(language, namespace);
    if (!load) {
      callback(new Error(`no catalogue ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

function applyDocumentLang(locale: Locale): void {
  document.documentElement.lang = locale;
}

/** Starts i18next in `locale` with the `translation` and `errors` namespaces loaded. */
export async function initI18n(locale: Locale): Promise<void> {
  // The font before the first layout of the language's text (see loadFontsFor).
  await Promise.all([initCatalogues(locale), loadFontsFor(locale)]);
  applyDocumentLang(locale);
}

/** i18next alone, without the page: what logic that only translates needs (and its tests, in Node). */
export async function initCatalogues(locale: Locale): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n
      .use(lazyCatalogues)
      .use(initReactI18next)
      .init({
        lng: locale,
        fallbackLng: DEFAULT_LOCALE,
        supportedLngs: LOCALES,
        load: 'currentOnly',
        ns: ['translation', 'errors'],
        defaultNS: 'translation',
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      });
  } else {
    await i18n.changeLanguage(locale);
  }
}

/** Switches the UI language at once: catalogues, then the html lang attribute. */
export async function applyLocale(locale: Locale): Promise<void> {
  await loadFontsFor(locale);
  await i18n.changeLanguage(locale);
  applyDocumentLang(locale);
}

export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (LOCALES as readonly string[]).includes(lng) ? (lng as Locale) : DEFAULT_LOCALE;
}

export function langSettingOf(locale: Locale): LangSetting {
  return { file_name: locale, language_name: LOCALE_NAMES[locale] };
}

/**
 * Text for a key of the shared `errors` catalogue (zod issue messages and server error keys
 * are such keys). A `field` parameter names a field: the catalogue's `fields` section
 * translates it, else `fieldLabel` (the form's own label) stands in.
 */
export function errorText(
  key: string,
  params: Record<string, string | number> = {},
  fieldLabel?: string,
): string {
  const field = params.field;
  if (field === undefined) return i18n.t(key as never, { ns: 'errors', ...params });
  const fieldKey = `fields.${field}`;
  const fieldText = i18n.exists(fieldKey, { ns: 'errors' })
    ? i18n.t(fieldKey as never, { ns: 'errors' })
    : (fieldLabel ?? String(field));
  return i18n.t(key as never, { ns: 'errors', ...params, field: fieldText });
}
