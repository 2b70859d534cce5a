import 'i18next';
import type errors from '@bourse/shared/i18n/errors/en.json';
import type admin from './locales/en/admin.json';
import type info from './locales/en/info.json';
import type ipo from './locales/en/ipo.json';
import type store from './locales/en/store.json';
import type translation from './locales/en.json';

// English is the reference catalogue for key types; catalogues.test.ts keeps the others equal.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof translation;
      errors: typeof errors;
      info: typeof info;
      ipo: typeof ipo;
      admin: typeof admin;
      store: typeof store;
    };
  }
}
