import { type Locale, userRoutes } from '@bourse/shared';
import { callApi } from '../../lib/http/client.ts';
import { logger } from '../../lib/logger.ts';
import { useSession } from './sessionStore.ts';

let configInFlight: Promise<void> | undefined;
let userInfoInFlight: Promise<void> | undefined;
/** Language choices made on this device, and saves of them still on the way to the server. */
let languageChoices = 0;
let languageSavesInFlight = 0;

/** Fetches the customer-service URL once per login; concurrent callers share one request. */
export function loadConfig(): Promise<void> {
  configInFlight ??= callApi(userRoutes.config)
    .then(({ kf_url }) => useSession.getState().setKfUrl(kf_url))
    .finally(() => {
      configInFlight = undefined;
    });
  return configInFlight;
}

/**
 * Fetches the logged-in user; the server's language applies when it differs from ours, unless
 * the user chose a language since the request left (their newer choice is being saved).
 */
export function loadUserInfo(): Promise<void> {
  const choicesAtRequest = languageChoices;
  userInfoInFlight ??= callApi(userRoutes.info)
    .then((info) =>
      useSession.getState().setUserInfo(info, {
        applyLanguage: languageChoices === choicesAtRequest && languageSavesInFlight === 0,
      }),
    )
    .finally(() => {
      userInfoInFlight = undefined;
    });
  return userInfoInFlight;
}

/** Revokes the token on the server, then forgets the session here whatever the server said. */
export async function logout(): Promise<void> {
  try {
    await callApi(userRoutes.logout, { silent: true, repeatSubmit: false });
  } catch (error) {
    // The token may already be gone on the server; the local logout below is what matters.
    logger.warn('logout: the server did not confirm', error);
  } finally {
    useSession.getState().logout();
  }
}

/**
 * Applies a language at once and, when logged in, saves it on the account. A failed save has
 * been shown by the HTTP client; the language stays applied on this device.
 */
export async function changeLanguage(locale: Locale): Promise<void> {
  languageChoices++;
  await useSession.getState().setLang(locale);
  if (!useSession.getState().token) return;
  languageSavesInFlight++;
  try {
    await callApi(userRoutes.setLang, { body: { lang: locale }, repeatSubmit: false });
  } catch (error) {
    logger.warn('language: not saved on the account', error);
  } finally {
    languageSavesInFlight--;
  }
}
