// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { removeCookie } from '../../lib/cookies.ts';
import { demoUser, fakeApi, jsonResponse, ok } from '../../test/fixtures.ts';
import { changeLanguage, loadUserInfo } from './sessionApi.ts';
import { persistedSessionState, useSession } from './sessionStore.ts';

const english = { file_name: 'en', language_name: 'English' } as const;

describe('the language a user chooses while their info is loading', () => {
  beforeEach(async () => {
    removeCookie('Local_Lang');
    useSession.setState({ ...persistedSessionState(), token: 'tok', setting: { lang: english } });
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('wins over the older language the info request brings back', async () => {
    let answerInfo: (r: Response) => void = () => {};
    fakeApi({
      // The info request leaves while the account still says English, and answers late.
      'GET /user/info': () => new Promise<Response>((resolve) => (answerInfo = resolve)),
      'POST /user/lang': ok({ lang: { file_name: 'ja', language_name: '日本語' } }),
    });
    const info = loadUserInfo();
    await changeLanguage('ja');
    answerInfo(jsonResponse({ code: 1, msg: 'ok', data: { ...demoUser, lang: english } }));
    await info;
    expect(useSession.getState().setting.lang.file_name).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
  });

  it("applies the account's language when nothing was chosen meanwhile", async () => {
    fakeApi({ 'GET /user/info': ok({ ...demoUser, lang: { file_name: 'ko', language_name: '한국어' } }) });
    await loadUserInfo();
    expect(useSession.getState().setting.lang.file_name).toBe('ko');
  });
});
