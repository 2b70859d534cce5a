/** The seven languages of the product; zh-CN is the default and the fallback. */
export const LOCALES = ['en', 'zh-CN', 'ja', 'ko', 'th', 'fr', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Names shown in the language picker, each in its own language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  ja: '日本語',
  ko: '한국어',
  th: 'ไทย',
  fr: 'Français',
  it: 'Italiano',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the best of our locales for a list of language tags in preference order
 * (navigator.languages, or an Accept-Language header already split): exact tag first,
 * then the primary language ("ja-JP" → "ja", "zh-Hans-CN" / "zh" → "zh-CN").
 */
export function matchLocale(tags: readonly string[]): Locale | undefined {
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag) continue;
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const primary = tag.split('-')[0]?.toLowerCase();
    if (primary === 'zh') {
      // Traditional Chinese readers are better served by zh-CN than by English.
      return 'zh-CN';
    }
    const byPrimary = LOCALES.find((l) => l === primary);
    if (byPrimary) return byPrimary;
  }
  return undefined;
}

/** Parses an Accept-Language header into tags by descending quality. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((x) => x.tag && x.tag !== '*' && x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((x) => x.tag);
}
