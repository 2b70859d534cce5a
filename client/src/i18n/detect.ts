import { DEFAULT_LOCALE, isLocale, type Locale, type langSetting, matchLocale } from '@bourse/shared';
import type { z } from 'zod';

export type LangSetting = z.infer<typeof langSetting>;

/**
 * Reads the `Local_Lang` cookie value (JSON `{file_name, language_name}`); anything else is
 * ignored. Checked by hand, not with the zod schema, to keep zod off the first screen.
 */
export function parseLangCookie(raw: string | undefined): LangSetting | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { file_name, language_name } = value as Record<string, unknown>;
    return isLocale(file_name) && typeof language_name === 'string'
      ? { file_name, language_name }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The language to start in: the saved choice (cookie) wins; on a first visit the browser's
 * preferred languages, matched to our seven; else zh-CN.
 */
export function detectLocale(cookie: string | undefined, browserLanguages: readonly string[]): Locale {
  const saved = parseLangCookie(cookie)?.file_name;
  if (isLocale(saved)) return saved;
  return matchLocale(browserLanguages) ?? DEFAULT_LOCALE;
}
