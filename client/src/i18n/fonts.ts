import type { Locale } from '@bourse/shared';
import thaiFontUrl from '@fontsource-variable/noto-sans-thai/files/noto-sans-thai-thai-wght-normal.woff2?url';
import { logger } from '../lib/logger.ts';

/**
 * Web fonts a language needs beyond the device's own. Thai shows as boxes on a device without a
 * Thai font, so Noto Sans Thai's Thai subset (one variable file for every weight, 27 KB) is
 * fetched for `th` alone; every other language costs nothing. The family name is the one the
 * stylesheet's font stack already lists.
 */
const FONTS: Partial<Record<Locale, { family: string; url: string; unicodeRange: string }>> = {
  th: {
    family: 'Noto Sans Thai',
    url: thaiFontUrl,
    // Fontsource's range for the file: Thai letters and the marks that combine with them.
    unicodeRange: 'U+02D7, U+0303, U+0331, U+0E01-0E5B, U+200C-200D, U+25CC',
  },
};

/** How long a first screen waits for its font before it shows in the device's own. */
export const FONT_WAIT_MS = 1500;

/**
 * Adds and loads the web font `locale` needs, if any, resolving once it is ready or FONT_WAIT_MS
 * has passed (it then swaps in when it arrives). Loaded before the text is laid out because
 * Chromium kept drawing boxes for Thai text laid out while a face was still on its way.
 */
export async function loadFontsFor(
  locale: Locale,
  fonts: FontFaceSet | undefined = document.fonts,
): Promise<void> {
  const font = FONTS[locale];
  // No font set (a page without the CSS Font Loading API, as jsdom) draws with what it has.
  if (!font || !fonts || [...fonts].some((face) => face.family === font.family)) return;
  const face = new FontFace(font.family, `url(${font.url}) format('woff2')`, {
    weight: '100 900',
    display: 'swap',
    unicodeRange: font.unicodeRange,
  });
  fonts.add(face);
  // Without its font the text still shows in the device's own: a failure is logged, not thrown.
  const loaded = face.load().then(
    () => undefined,
    (error: unknown) => logger.warn(`the ${locale} web font did not load`, error),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([loaded, new Promise((resolve) => (timer = setTimeout(resolve, FONT_WAIT_MS)))]);
  clearTimeout(timer);
}
