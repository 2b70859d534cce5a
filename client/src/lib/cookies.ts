const DAY_MS = 24 * 60 * 60 * 1000;

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

/**
 * What follows the value: path /, the expiry, SameSite=Lax (never sent on another site's
 * POST, docs/adr/0012-token-cookie-and-csp.md), and Secure when the page came over HTTPS
 * (over plain HTTP, as on localhost, a Secure cookie would not be stored at all).
 */
export function cookieAttributes(expires: Date, https: boolean): string {
  return `expires=${expires.toUTCString()}; path=/; SameSite=Lax${https ? '; Secure' : ''}`;
}

const overHttps = () => window.location.protocol === 'https:';

/** Sets a cookie on path / that lives for `days` days. */
export function setCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * DAY_MS);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; ${cookieAttributes(expires, overHttps())}`;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${encodeURIComponent(name)}=; ${cookieAttributes(new Date(0), overHttps())}`;
}
