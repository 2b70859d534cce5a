import type { Locale, UserInfo } from '@bourse/shared';

/** Family name first and unspaced in Chinese, Japanese and Korean; given name first elsewhere. */
export function displayName(user: Pick<UserInfo, 'username' | 'givenName'>, locale: Locale): string {
  if (locale === 'zh-CN' || locale === 'ja' || locale === 'ko') return `${user.username}${user.givenName}`;
  return `${user.givenName} ${user.username}`;
}

/** 138****8000: enough to recognise one's own number on a shared screen. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, mobile.length - 8)}****${mobile.slice(-4)}` : mobile;
}
