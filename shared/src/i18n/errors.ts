import type { ErrorParams } from '../errors.ts';
import en from './errors/en.json' with { type: 'json' };
import fr from './errors/fr.json' with { type: 'json' };
import it from './errors/it.json' with { type: 'json' };
import ja from './errors/ja.json' with { type: 'json' };
import ko from './errors/ko.json' with { type: 'json' };
import th from './errors/th.json' with { type: 'json' };
import zhCN from './errors/zh-CN.json' with { type: 'json' };
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

/** The `errors` namespace: messages for every domain error, in all seven languages. */
export const ERROR_CATALOGUES: Record<Locale, typeof en> = { en, 'zh-CN': zhCN, ja, ko, th, fr, it };

function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A price or an amount as the domain passes it: a plain decimal with decimals ("12.30", 0.01). */
const DECIMAL_FIGURE = /^-?\d+\.\d+$/;

const decimalSeparators = new Map<Locale, string>();
/** The locale's decimal separator (a comma in French and Italian), asked of Intl once per locale. */
function decimalSeparatorOf(locale: Locale): string {
  let separator = decimalSeparators.get(locale);
  if (separator === undefined) {
    const parts = new Intl.NumberFormat(locale).formatToParts(0.5);
    separator = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    decimalSeparators.set(locale, separator);
  }
  return separator;
}

/** Parameters that carry text someone typed or a code, never a figure, even when they look like "2.5". */
const TEXT_PARAMS = new Set(['name', 'spec', 'symbol', 'reference', 'status']);

/**
 * A parameter as the reader writes it: a price or an amount takes the locale's decimal separator
 * ("12,30" in French), its digits as the domain sent them, as the client shows prices.
 */
function localised(locale: Locale, value: string | number): string {
  const text = String(value);
  return DECIMAL_FIGURE.test(text) ? text.replace('.', decimalSeparatorOf(locale)) : text;
}

/** Translates an `errors` key, falling back to zh-CN, then to the key itself. */
export function translateError(locale: Locale, key: string, params: ErrorParams = {}): string {
  const template =
    lookup(ERROR_CATALOGUES[locale], key) ?? lookup(ERROR_CATALOGUES[DEFAULT_LOCALE], key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    // A field name is itself a key into the `fields` section.
    if (name === 'field') return lookup(ERROR_CATALOGUES[locale], `fields.${value}`) ?? String(value);
    return TEXT_PARAMS.has(name) ? String(value) : localised(locale, value);
  });
}
