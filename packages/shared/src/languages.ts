/**
 * The languages of the member's side (issue 17, item 8; `docs/domain.md`, "Member languages"):
 * English, and Malayalam, Hindi and Tamil. The staff side is English. A member's choice is kept by
 * the browser and on the member's record; the parish chooses the second language of its receipts.
 */
export const LANGUAGES = ['en', 'ml', 'hi', 'ta'] as const;

/** A language code of {@link LANGUAGES} (ISO 639-1). */
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in its own script, as the language switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ml: 'മലയാളം',
  hi: 'हिन्दी',
  ta: 'தமிழ்',
};

/** True for a code of {@link LANGUAGES}. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
