import { isLanguage, type Language } from '@parish/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

import { rememberGatewayTexts } from '../lib/gateway-text.ts';
import { en } from './en.ts';
import type { MemberCatalogue } from './member-catalogue.ts';

/** Local storage key of the browser's language choice (`docs/domain.md`, "Member languages"). */
export const LANGUAGE_KEY = 'language';

/**
 * Each other language's member catalogue and its Noto font, loaded only when that language is
 * chosen (issue 17, item 8; issue 18): neither ever enters the English member's download. The
 * fonts are the app's own woff2 files (@fontsource), so old phones and headless browsers render
 * the script without a system font.
 */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<MemberCatalogue>> = {
  ml: () =>
    Promise.all([
      import('./ml.ts'),
      import('@fontsource/noto-sans-malayalam/400.css'),
      import('@fontsource/noto-sans-malayalam/700.css'),
    ]).then(([module]) => module.ml),
  hi: () =>
    Promise.all([
      import('./hi.ts'),
      import('@fontsource/noto-sans-devanagari/400.css'),
      import('@fontsource/noto-sans-devanagari/700.css'),
    ]).then(([module]) => module.hi),
  ta: () =>
    Promise.all([
      import('./ta.ts'),
      import('@fontsource/noto-sans-tamil/400.css'),
      import('@fontsource/noto-sans-tamil/700.css'),
    ]).then(([module]) => module.ta),
};

/** The language this browser chose before, or null when it never chose one (or cannot keep one). */
export function savedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language this browser chose before, or English. */
export function storedLanguage(): Language {
  return savedLanguage() ?? 'en';
}

/**
 * Switches the app to `language`: loads its catalogue and font the first time, then changes the
 * language and the page's `lang`. With `remember`, the browser keeps the choice for its next
 * visit. Keys a language lacks (the staff side) show in English.
 */
export async function changeLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const [catalogue, gateway] = await Promise.all([LOADERS[language](), import('./gateway-packs.ts')]);
    i18n.addResourceBundle(language, 'translation', catalogue, true, true);
    i18n.addResourceBundle(
      language,
      'translation',
      { portal: { gateway: gateway.GATEWAY_PACKS[language] } },
      true,
      true,
    );
    rememberGatewayTexts(gateway.GATEWAY_KEYS);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  }
}

/**
 * Adds the back office's English texts (`en-staff.ts`) to the catalogue; the back office's chunk
 * waits for it (router.tsx), so a member never downloads them.
 */
export async function loadStaffCatalogue(): Promise<void> {
  if (i18n.exists('members.title')) return;
  const { enStaff } = await import('./en-staff.ts');
  i18n.addResourceBundle('en', 'translation', enStaff, true, true);
}

/**
 * Initialises react-i18next with the English catalogue, then the browser's chosen language (its
 * catalogue and font loaded first, so the first screen is already in it). Resolves when ready.
 */
export async function initI18n(): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const language = storedLanguage();
  if (language !== 'en') await changeLanguage(language).catch(() => undefined);
  return i18n;
}
