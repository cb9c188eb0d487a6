import { NativeSelect } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@parish/shared';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { changeLanguage, savedLanguage } from '../i18n/index.ts';
import { useParishSettings } from '../lib/settings.ts';

/**
 * The languages the parish offers its members and their default (issue 28 item 4, decision 0135),
 * from the public settings; all four and English until they have arrived.
 */
export function useParishLanguages(): { offered: readonly Language[]; defaultLanguage: Language } {
  const settings = useParishSettings();
  return {
    offered: settings.data?.memberLanguages ?? LANGUAGES,
    defaultLanguage: settings.data?.defaultLanguage ?? 'en',
  };
}

/**
 * Opens a member page (sign-in, payment link) in the parish's default language when this browser
 * has no saved choice, and in it too when the saved choice is one the parish does not offer
 * (decision 0135). Neither is remembered as the browser's choice: a parish changing its default
 * changes the page.
 */
export function useParishDefaultLanguage(): void {
  const settings = useParishSettings();
  const offered = settings.data?.memberLanguages?.join(',');
  const defaultLanguage = settings.data?.defaultLanguage;
  useEffect(() => {
    if (!offered || !defaultLanguage) return;
    const saved = savedLanguage();
    const wanted = saved && offered.split(',').includes(saved) ? saved : defaultLanguage;
    if (wanted !== i18next.language) void changeLanguage(wanted, { remember: false }).catch(() => undefined);
  }, [offered, defaultLanguage]);
}

/**
 * The member side's language switcher (`docs/domain.md`, "Member languages"): of English,
 * Malayalam, Hindi and Tamil those the parish offers (decision 0135), each named in its own script. The browser remembers the choice
 * (`changeLanguage`); `onChange` runs after the switch, for the portal to keep it on the member's
 * record too. A native select: light on a phone, and the phone's own picker.
 */
export function LanguageSwitcher({ onChange }: { onChange?: (language: Language) => void }) {
  const { t, i18n } = useTranslation();
  const { offered } = useParishLanguages();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <NativeSelect
      size="xs"
      w={120}
      label={t('language.label')}
      value={current}
      data={offered.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        if (isLanguage(chosen)) void changeLanguage(chosen).then(() => onChange?.(chosen));
      }}
    />
  );
}
