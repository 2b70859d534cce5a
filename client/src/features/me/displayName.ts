import type { Locale, UserInfo } from '@bourse/shared';

/** Han, kana or hangul: a name so written is family name first, in any language. */
const EAST_ASIAN_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const EAST_ASIAN_LOCALES: readonly Locale[] = ['zh-CN', 'ja', 'ko'];

/**
 * A name the way its own culture writes it: 张伟 is 张伟 in English too (family name first,
 * unspaced), never "伟 张". A name in Latin letters is family name first in Chinese, Japanese
 * and Korean, given name first elsewhere, spaced either way.
 */
export function displayName(user: Pick<UserInfo, 'username' | 'givenName'>, locale: Locale): string {
  if (EAST_ASIAN_SCRIPT.test(user.username) || EAST_ASIAN_SCRIPT.test(user.givenName))
    return `${user.username}${user.givenName}`;
  if (EAST_ASIAN_LOCALES.includes(locale)) return `${user.username} ${user.givenName}`;
  return `${user.givenName} ${user.username}`;
}

/** 138****8000: enough to recognise one's own number on a shared screen. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, mobile.length - 8)}****${mobile.slice(-4)}` : mobile;
}
