import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

import { en } from './en.ts';

/** Initialises react-i18next with the English catalogue (the only language so far). */
export function initI18n(): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}
