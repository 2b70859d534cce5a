import type { Locale, LoginResult, UserInfo } from '@bourse/shared';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { detectLocale, type LangSetting, parseLangCookie } from '../../i18n/detect.ts';
import { applyLocale, langSettingOf } from '../../i18n/index.ts';
import { getCookie, removeCookie, setCookie } from '../../lib/cookies.ts';
import { fieldOf, persisted } from '../../lib/persisted.ts';

export const TOKEN_COOKIE = 'Admin-Token';
export const LANG_COOKIE = 'Local_Lang';
export const COOKIE_DAYS = 3;
export const COLORS_STORAGE_KEY = 'bourse.colors';

/** China's convention is red for a rise; the other is the international green-up. */
export type ColorConvention = 'red-up' | 'green-up';

export interface SessionState {
  /** Session token for the `token` header; '' when logged out. Mirrored in cookie Admin-Token (3 days, path /). */
  token: string;
  /** The logged-in user (without the token); null when logged out or not loaded yet. */
  userInfo: UserInfo | null;
  /** Customer-service URL from GET /api/stock/getconfig; null until fetched after login. */
  kfUrl: string | null;
  /** A bag merged by screens to hand data to the next screen (e.g. the register draft). */
  backData: Record<string, unknown>;
  /** User settings; `lang` is mirrored in cookie Local_Lang as JSON (3 days, path /). */
  setting: { lang: LangSetting };
  /** Price colours, red-up by default; kept in localStorage. */
  colors: ColorConvention;
  /** True until the first screen of this visit has been shown. */
  first: boolean;
}

export interface SessionActions {
  /** Stores the token (cookie) and the user, whose saved language then applies. */
  login(userinfo: LoginResult['userinfo']): Promise<void>;
  /** Logout, 401 and password change: forget token, user, cookie and what screens handed on. */
  logout(): void;
  /** User info arrived: keep it and, unless told not to, apply the server's language when it differs. */
  setUserInfo(info: UserInfo, options?: { applyLanguage?: boolean }): Promise<void>;
  setKfUrl(url: string): void;
  mergeBackData(patch: Record<string, unknown>): void;
  /** Applies a language at once and remembers it in the cookie. */
  setLang(locale: Locale): Promise<void>;
  setColors(colors: ColorConvention): void;
  markVisited(): void;
}

const colorsOf = (value: unknown): ColorConvention => (value === 'green-up' ? 'green-up' : 'red-up');

/** Shows the convention: CSS reads --c-up / --c-down from html[data-colors]. */
export function applyColors(colors: ColorConvention): void {
  document.documentElement.dataset.colors = colors;
}

/** The state a fresh page load starts from: cookies and the browser's languages (the colours are persist's). */
export function persistedSessionState(): SessionState {
  const cookieLang = getCookie(LANG_COOKIE);
  const locale = detectLocale(cookieLang, navigator.languages ?? [navigator.language]);
  return {
    token: getCookie(TOKEN_COOKIE) ?? '',
    userInfo: null,
    kfUrl: null,
    backData: {},
    setting: { lang: parseLangCookie(cookieLang) ?? langSettingOf(locale) },
    colors: 'red-up',
    first: true,
  };
}

type Session = SessionState & SessionActions;

export const useSession = create<Session>()(
  persist(
    (set, get) => ({
      ...persistedSessionState(),

      async login({ token, ...user }) {
        setCookie(TOKEN_COOKIE, token, COOKIE_DAYS);
        set({ token });
        await get().setUserInfo(user);
      },

      logout() {
        removeCookie(TOKEN_COOKIE);
        set({ token: '', userInfo: null, kfUrl: null, backData: {} });
      },

      async setUserInfo(info, { applyLanguage = true } = {}) {
        set({ userInfo: info });
        if (applyLanguage && info.lang.file_name !== get().setting.lang.file_name) {
          await get().setLang(info.lang.file_name);
        }
      },

      setKfUrl(url) {
        set({ kfUrl: url });
      },

      mergeBackData(patch) {
        set((state) => ({ backData: { ...state.backData, ...patch } }));
      },

      async setLang(locale) {
        const lang = langSettingOf(locale);
        setCookie(LANG_COOKIE, JSON.stringify(lang), COOKIE_DAYS);
        set((state) => ({ setting: { ...state.setting, lang } }));
        await applyLocale(locale);
      },

      setColors(colors) {
        applyColors(colors);
        set({ colors });
      },

      markVisited() {
        if (get().first) set({ first: false });
      },
    }),
    persisted<Session, Pick<SessionState, 'colors'>>({
      name: COLORS_STORAGE_KEY,
      partialize: ({ colors }) => ({ colors }),
      parse: (stored) => ({
        colors: colorsOf(fieldOf(stored, 'colors')),
      }),
      // Before persist the key held the bare word.
      fromLegacy: (raw) => ({ colors: raw }),
    }),
  ),
);

export const isLoggedIn = (state: SessionState): boolean => state.token !== '';
