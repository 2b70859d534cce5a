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

/** Translates an `errors` key, falling back to zh-CN, then to the key itself. */
export function translateError(locale: Locale, key: string, params: ErrorParams = {}): string {
  const template =
    lookup(ERROR_CATALOGUES[locale], key) ?? lookup(ERROR_CATALOGUES[DEFAULT_LOCALE], key) ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    // A field name is itself a key into the `fields` section.
    return name === 'field'
      ? (lookup(ERROR_CATALOGUES[locale], `fields.${value}`) ?? String(value))
      : String(value);
  });
}
