// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { getCookie, removeCookie, setCookie } from '../../lib/cookies.ts';
import { demoUser } from '../../test/fixtures.ts';
import { COLORS_STORAGE_KEY, persistedSessionState, useSession } from './sessionStore.ts';

const user = demoUser;

function reset() {
  removeCookie('Admin-Token');
  removeCookie('Local_Lang');
  localStorage.clear();
  useSession.setState({
    ...persistedSessionState(),
    setting: { lang: { file_name: 'en', language_name: 'English' } },
  });
}

describe('session store', () => {
  beforeEach(reset);
  afterEach(async () => {
    reset();
    await initI18n('en');
  });

  it('login keeps the token in cookie Admin-Token and the user without it', async () => {
    await useSession.getState().login({ ...user, token: 'tok-1' });
    expect(useSession.getState().token).toBe('tok-1');
    expect(useSession.getState().userInfo).toEqual(user);
    expect(getCookie('Admin-Token')).toBe('tok-1');
  });

  it("login applies the account's saved language when it differs", async () => {
    await useSession
      .getState()
      .login({ ...user, lang: { file_name: 'ja', language_name: '日本語' }, token: 't' });
    expect(i18n.language).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(useSession.getState().setting.lang).toEqual({ file_name: 'ja', language_name: '日本語' });
  });

  it('logout clears token, user, cookie and the hand-over bag', async () => {
    await useSession.getState().login({ ...user, token: 'tok-2' });
    useSession.getState().setKfUrl('https://kf.example');
    useSession.getState().mergeBackData({ draft: 1 });
    useSession.getState().logout();
    const state = useSession.getState();
    expect([state.token, state.userInfo, state.kfUrl, state.backData]).toEqual(['', null, null, {}]);
    expect(getCookie('Admin-Token')).toBeUndefined();
  });

  it('setLang applies at once and writes Local_Lang as JSON', async () => {
    await useSession.getState().setLang('fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('login.submit')).toBe('Se connecter');
    expect(document.documentElement.lang).toBe('fr');
    expect(JSON.parse(getCookie('Local_Lang') ?? '')).toEqual({ file_name: 'fr', language_name: 'Français' });
  });

  it('setUserInfo applies the server language only when it differs', async () => {
    await useSession.getState().setUserInfo({ ...user, lang: { file_name: 'ko', language_name: '한국어' } });
    expect(i18n.language).toBe('ko');
    removeCookie('Local_Lang');
    await useSession.getState().setUserInfo({ ...user, lang: { file_name: 'ko', language_name: '한국어' } });
    expect(getCookie('Local_Lang')).toBeUndefined();
  });

  it('mergeBackData merges rather than replaces', () => {
    useSession.getState().mergeBackData({ a: 1, b: 2 });
    useSession.getState().mergeBackData({ b: 3 });
    expect(useSession.getState().backData).toEqual({ a: 1, b: 3 });
  });

  it('keeps the colour convention in localStorage and on <html>', async () => {
    expect(useSession.getState().colors).toBe('red-up');
    useSession.getState().setColors('green-up');
    expect(document.documentElement.dataset.colors).toBe('green-up');
    useSession.setState({ colors: 'red-up' });
    localStorage.setItem(COLORS_STORAGE_KEY, JSON.stringify({ state: { colors: 'green-up' }, version: 1 }));
    await useSession.persist.rehydrate();
    expect(useSession.getState().colors).toBe('green-up');
  });

  it('reads the colours written before persist and ignores a malformed value', async () => {
    localStorage.setItem(COLORS_STORAGE_KEY, 'green-up');
    await useSession.persist.rehydrate();
    expect(useSession.getState().colors).toBe('green-up');
    expect(JSON.parse(localStorage.getItem(COLORS_STORAGE_KEY) ?? '')).toEqual({
      state: { colors: 'green-up' },
      version: 1,
    });
    for (const garbage of ['purple', '{"state":{"colors":7},"version":1}', '{"version":1}']) {
      localStorage.setItem(COLORS_STORAGE_KEY, garbage);
      await useSession.persist.rehydrate();
      expect(useSession.getState().colors).toBe('red-up');
    }
  });

  it('starts from the cookies of an earlier visit', () => {
    setCookie('Admin-Token', 'from-cookie', 3);
    setCookie('Local_Lang', JSON.stringify({ file_name: 'th', language_name: 'ไทย' }), 3);
    const state = persistedSessionState();
    expect(state.token).toBe('from-cookie');
    expect(state.setting.lang.file_name).toBe('th');
    expect(state.first).toBe(true);
    expect(state.userInfo).toBeNull();
  });
});
